import { describe, expect, it } from 'vitest';
import type { Handlers } from '../openapi/handler-types';
import { mergeHandlers } from '../openapi/register';

const health: Handlers = {
  async getHealth() {
    return { status: 'ok', database: 'pglite' };
  },
};

describe('mergeHandlers', () => {
  it('refuses a second handler for one operationId, naming both groups', () => {
    const again: Handlers = { ...health };
    expect(() => mergeHandlers({ systemHandlers: health, otherHandlers: again })).toThrow(
      'Two handlers for operation getHealth: in systemHandlers and in otherHandlers',
    );
  });

  it('keeps every handler of distinct groups', () => {
    const build: Handlers = {
      async getBuild() {
        return { id: 'b', timestamp: 1 };
      },
    };
    const merged = mergeHandlers({ health, build });
    expect(Object.keys(merged).sort()).toEqual(['getBuild', 'getHealth']);
    expect(merged.getHealth).toBe(health.getHealth);
  });

  it('loads the server’s own handler groups without a duplicate (the import would throw)', async () => {
    const { handlers } = await import('./handlers');
    expect(Object.keys(handlers).length).toBeGreaterThan(100);
  });
});
