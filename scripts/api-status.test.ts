import { expect, it } from 'vitest';
import { apiStatus } from './api-status';

it('finds a declared operation for every handler, and counts the implemented ones', async () => {
  const status = await apiStatus();
  expect(status.orphanHandlers).toEqual([]);
  expect(status.implemented).toBeGreaterThan(0);
  expect(status.implemented).toBeLessThanOrEqual(status.declared);
});
