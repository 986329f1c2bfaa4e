import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('prefers the UTF-8 filename* of RFC 6266, decoding Japanese names', () => {
    expect(
      fileNameOf(`attachment; filename="answers.csv"; filename*=UTF-8''%E5%9B%9E%E7%AD%94.csv`),
    ).toBe('回答.csv');
  });

  it('falls back to the plain filename, quoted or not', () => {
    expect(fileNameOf('attachment; filename="answers.csv"')).toBe('answers.csv');
    expect(fileNameOf('attachment; filename=answers.csv')).toBe('answers.csv');
  });

  it('answers null without a header or a name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
