import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsonBodyMessages, maxJsonDepth } from '../../server/http/json-body';
import { listOperations, loadDocument } from '../../server/openapi/document';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';

// Issue 25 item 6: what body parsing answers (before authentication, the same for every operation
// with a body: POST, PUT, PATCH, DELETE) is a 4xx the operation declares, never a 500. Every
// answer is also checked against the contract by the test server (validateResponses).

const t = useTestServer();
const withBodies = listOperations(await loadDocument()).filter((op) => op.method !== 'GET');

const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
const json = { 'content-type': 'application/json' };

const cases = {
  'another content type': { status: 415, headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
  'malformed JSON': { status: 400, headers: json, payload: '{"a":' },
  'JSON nested 10,000 deep': {
    status: 400,
    headers: json,
    payload: nested(10_000),
    message: jsonBodyMessages.tooDeep,
  },
  'JSON starting with U+FEFF': {
    status: 400,
    headers: json,
    payload: '\uFEFF{}',
    message: jsonBodyMessages.byteOrderMark,
  },
  'a body over 1 MiB': { status: 413, headers: json, payload: `"${'x'.repeat(1024 * 1024)}"` },
};

describe(`body parsing on ${testDbKind}`, () => {
  it.each(Object.entries(cases))(
    'answers %s with a declared 4xx on every operation with a body',
    async (_name, { status, headers, payload, ...expected }) => {
      const off: string[] = [];
      for (const op of withBodies) {
        const url = op.path.replace(/\{\w+\}/g, randomUUID());
        const res = await t.app.inject({ method: op.method as 'POST', url, headers, payload });
        const declared = op.responses[String(status)] !== undefined;
        const message = 'message' in expected ? expected.message : undefined;
        if (res.statusCode !== status || !declared)
          off.push(
            `${op.operationId}: ${res.statusCode}${declared ? '' : ` (${status} not declared)`}`,
          );
        else if (message && res.json().errors[0] !== message)
          off.push(`${op.operationId}: ${res.json().errors[0]}`);
      }
      expect(off).toEqual([]);
    },
  );

  it(`accepts JSON nested ${maxJsonDepth} deep and refuses one level more`, async () => {
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign_in', headers: json, payload });
    // At the limit the body reaches validation, whose own message names the field.
    const atLimit = await send(nested(maxJsonDepth));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().errors[0]).not.toBe(jsonBodyMessages.tooDeep);
    expect((await send(nested(maxJsonDepth + 1))).json()).toEqual({
      errors: [jsonBodyMessages.tooDeep],
    });
  });
});
