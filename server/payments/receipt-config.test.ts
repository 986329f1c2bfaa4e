import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('receipt issuer configuration', () => {
  it('defaults to Worlds without a registration number', () => {
    expect(loadConfig({}).invoiceIssuer).toEqual({ name: 'Worlds', registrationNumber: null });
  });

  it('takes a name and a registration number of T and 13 digits', () => {
    const config = loadConfig({
      INVOICE_ISSUER_NAME: ' 株式会社ワールズ ',
      INVOICE_REGISTRATION_NUMBER: 'T1234567890123',
    });
    expect(config.invoiceIssuer).toEqual({
      name: '株式会社ワールズ',
      registrationNumber: 'T1234567890123',
    });
  });

  it('stops start-up naming the variable for a number that is not T + 13 digits', () => {
    for (const bad of ['1234567890123', 'T123456789012', 'T-1234567890123']) {
      expect(() => loadConfig({ INVOICE_REGISTRATION_NUMBER: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ INVOICE_REGISTRATION_NUMBER: bad })).toThrow(
        /INVOICE_REGISTRATION_NUMBER: must be T followed by 13 digits/,
      );
    }
  });
});
