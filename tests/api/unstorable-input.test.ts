import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type JsonSchema,
  listOperations,
  loadDocument,
  type Operation,
} from '../../server/openapi/document';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { type AuthHeaders, anyIp, follow, newSignedInUser } from './support/session';

// Issue 13: U+0000 (and other text PostgreSQL cannot store) in any string of any operation of
// the contract is bad input (400), never a 500. The requests are built from the contract itself:
// for every operation, one request per string (body property, query or path parameter), valid
// otherwise, sent by the world's owner so that it gets past authentication and roles.

const t = useTestServer();
const operations = listOperations(await loadDocument());
const nul = 'a\u0000b';

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};

/** The schema a value takes: the first of a choice, allOf merged, `type: [x, null]` as x. */
function shape(schema: Schema): Schema {
  if (schema.allOf)
    return shape(
      schema.allOf.reduce<Schema>(
        (all, part) => {
          const s = shape(part);
          return {
            ...all,
            ...s,
            properties: { ...all.properties, ...s.properties },
            required: [...(all.required ?? []), ...(s.required ?? [])],
          };
        },
        { ...schema, allOf: undefined },
      ),
    );
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice) return shape(choice.find((s) => shape(s).type !== 'null') ?? choice[0]!);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return { ...schema, type: type ?? (schema.properties ? 'object' : undefined) };
}

/** A valid value of the schema; `target` (a property path) is present and holds U+0000. */
function sample(raw: Schema, target: string[] | null, ids: { worldId: string }): unknown {
  const schema = shape(raw);
  if (target?.length === 0) return nul;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        const onPath = target?.[0] === name;
        if (onPath || schema.required?.includes(name))
          out[name] = sample(prop, onPath ? target!.slice(1) : null, ids);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, target ? 1 : 0);
      return Array.from({ length: n }, (_, i) =>
        sample(schema.items ?? {}, i === 0 && target ? target.slice(1) : null, ids),
      );
    }
    case 'integer':
    case 'number':
      return schema.default ?? Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return schema.default ?? false;
    case 'string':
      if (schema.default !== undefined) return schema.default;
      switch (schema.format) {
        case 'email':
          return `u${randomUUID().slice(0, 8)}@example.com`;
        case 'uuid':
          return randomUUID();
        case 'date-time':
          return new Date(Date.now() + 86_400_000).toISOString();
        case 'date':
          return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        case 'uri':
          return 'https://example.com/';
      }
      return 'あ'.repeat(Math.max(schema.minLength ?? 1, 8));
    default:
      return null;
  }
}

/** Paths of every string property in the schema (array items as their first item). */
function stringPaths(raw: Schema, at: string[] = [], depth = 0): string[][] {
  const schema = shape(raw);
  if (depth > 6) return [];
  if (schema.type === 'string') return [at];
  if (schema.type === 'array') return stringPaths(schema.items ?? {}, [...at, '0'], depth + 1);
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([name, prop]) =>
      stringPaths(prop, [...at, name], depth + 1),
    );
  return [];
}

type Call = { label: string; url: string; body: unknown };

function callsOf(op: Operation, worldId: string): Call[] {
  const ids = { worldId };
  const path = (override?: string) =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      name === override
        ? encodeURIComponent(nul)
        : (name === 'world_id' || name === 'id') && op.worldRoles
          ? name === (op.path.includes('{world_id}') ? 'world_id' : 'id')
            ? worldId
            : randomUUID()
          : randomUUID(),
    );
  const query = (override?: string) => {
    const q = new URLSearchParams();
    for (const p of op.parameters.filter((x) => x.in === 'query')) {
      if (p.name === override) q.set(p.name, nul);
      else if (p.required) q.set(p.name, String(sample(p.schema ?? {}, null, ids)));
    }
    const s = q.toString();
    return s ? `?${s}` : '';
  };
  const schema = op.requestBody?.content['application/json']?.schema as Schema | undefined;
  const body = schema ? sample(schema, null, ids) : undefined;
  const calls: Call[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'path'))
    calls.push({ label: `path ${p.name}`, url: path(p.name) + query(), body });
  for (const p of op.parameters.filter((x) => x.in === 'query'))
    if (shape(p.schema ?? {}).type === 'string' || shape(p.schema ?? {}).type === 'array')
      calls.push({ label: `query ${p.name}`, url: path() + query(p.name), body });
  if (schema)
    for (const target of stringPaths(schema))
      calls.push({
        label: `body ${target.join('.') || '(string)'}`,
        url: path() + query(),
        body: sample(schema, target, ids),
      });
  return calls;
}

/** Ends the session or the world: sent last, so the other calls keep their caller. */
const ending = (op: Operation) =>
  op.method === 'DELETE' &&
  (/\/worlds\/\{id\}$/.test(op.path) || op.path.includes('sign_out') || op.path === '/api/auth');

describe(`U+0000 in every string of the contract on ${testDbKind}`, () => {
  it('answers 4xx (never 5xx) to every operation, with U+0000 in each string in turn', async () => {
    const owner = async () => {
      const user = await newSignedInUser(t.app, t.database.db);
      const world = await t.app.inject({
        method: 'POST',
        url: '/api/mypage/worlds',
        headers: user.headers,
        payload: { name: '入力確認' },
      });
      return { headers: follow(user.headers, world), worldId: world.json().id as string };
    };
    let caller: { headers: AuthHeaders; worldId: string } = await owner();
    const failures: string[] = [];
    let sent = 0;
    const ordered = [...operations.filter((op) => !ending(op)), ...operations.filter(ending)];
    const withCalls = ordered.filter((op) => callsOf(op, caller.worldId).length > 0);
    for (const op of withCalls) {
      for (const call of callsOf(op, caller.worldId)) {
        const send = () =>
          t.app.inject({
            method: op.method as 'POST',
            url: call.url,
            headers: caller.headers,
            ...(call.body === undefined ? {} : { payload: call.body as object }),
            remoteAddress: anyIp(),
          });
        let res = await send();
        if (res.statusCode === 401 && op.secured) {
          // An earlier call ended this session (a password change): a new owner, and again.
          caller = await owner();
          res = await send();
        }
        caller.headers = follow(caller.headers, res);
        sent += 1;
        if (res.statusCode >= 500 && res.statusCode !== 501)
          failures.push(
            `${op.operationId} ${call.label}: ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      }
    }
    console.log(
      `U+0000: ${withCalls.length} operations, ${sent} requests, ${failures.length} answers of 5xx`,
    );
    expect(failures).toEqual([]);
    // It really ran: most of the contract takes a string somewhere.
    expect(withCalls.length).toBeGreaterThan(100);
  }, 600_000);

  it('refuses U+0000 and a lone surrogate with 400 and a Japanese message naming the field', async () => {
    for (const name of [nul, 'a\uD800b']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name, email: 'a@example.com', category: 'general', body: 'こんにちは' },
        remoteAddress: anyIp(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContain(
        'name: 使用できない文字（U+0000 などの制御文字や不正な文字）が含まれています。',
      );
    }
  });
});
