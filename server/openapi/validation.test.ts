// The server compiles each route's validators on the route's first call (validation.ts), so a
// schema Ajv cannot compile would only show then: this compiles every operation's now.
import { describe, expect, it } from 'vitest';
import { listOperations, loadDocument } from './document';
import { routeSchema, validatorCompiler } from './validation';

const operations = listOperations(await loadDocument());

describe('the validators of every operation', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))('%s compile', (_, op) => {
    const { params, querystring, body } = routeSchema(op);
    const compiler = validatorCompiler(new WeakSet());
    const parts = { params, querystring, body };
    for (const [httpPart, schema] of Object.entries(parts)) {
      if (!schema) continue;
      const validate = compiler({ schema, httpPart, method: op.method, url: op.url }) as (
        data: unknown,
      ) => unknown;
      expect(() => validate({})).not.toThrow();
    }
  });
});
