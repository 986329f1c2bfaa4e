import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unauthorizedMessage } from '../../server/auth/hook';
import { worldMembers } from '../../server/db/schema';
import { guestForbiddenMessage } from '../../server/guests/guard';
import { listOperations, loadDocument, type Operation } from '../../server/openapi/document';
import { forbiddenMessage } from '../../server/worlds/access';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { type AuthHeaders, anyIp, createWorld, follow, newSignedInUser } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

// Every world-scoped operation of the contract (x-world-roles), called as each kind of caller.
// The expected answers follow from the contract's roles, and the policy checks below pin the
// roles themselves, so neither a handler nor a contract edit can widen access unnoticed.

type Caller = 'owner' | 'staff' | 'user' | 'guest' | 'otherUser' | 'anonymous';
const callers: Caller[] = ['owner', 'staff', 'user', 'guest', 'otherUser', 'anonymous'];

const t = useTestServer();

/** A caller's headers, kept current through token rotation. */
class Identity {
  constructor(public headers: AuthHeaders | undefined) {}
  async call(op: Operation, url: string) {
    const res = await t.app.inject({
      method: op.method as 'GET',
      url,
      headers: this.headers,
      // No body: a caller who may not call learns nothing about what a body should be, and one
      // who may gets a 400 (or a 404 for the random sub-resource) without anything written.
      remoteAddress: anyIp(),
    });
    if (this.headers) this.headers = follow(this.headers, res);
    return res;
  }
}

async function userId(headers: AuthHeaders) {
  return (await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).json()
    .id as string;
}

async function newWorld(headers: AuthHeaders) {
  return (await createWorld(t.app, headers, '権限確認')).id;
}

async function setUp() {
  const db = t.database.db;
  const owner = await newSignedInUser(t.app, db);
  const worldId = await newWorld(owner.headers);
  const identities = {
    owner: new Identity(owner.headers),
    anonymous: new Identity(undefined),
  } as Record<Caller, Identity>;
  for (const role of ['staff', 'user'] as const) {
    const member = await newSignedInUser(t.app, db);
    await db.insert(worldMembers).values({ worldId, userId: await userId(member.headers), role });
    identities[role] = new Identity(member.headers);
  }
  // A member of another world only: the "another user" of the issue.
  const other = await newSignedInUser(t.app, db);
  await newWorld(other.headers);
  identities.otherUser = new Identity(other.headers);
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/mypage/worlds/${worldId}/world_guest_tokens`,
    headers: owner.headers,
    payload: {},
  });
  identities.owner.headers = follow(owner.headers, link);
  const entered = await t.app.inject({
    method: 'POST',
    url: `/api/world_guest_tokens/${link.json().token}`,
    payload: { name: 'ゲスト' },
    remoteAddress: anyIp(),
  });
  expect(entered.statusCode, entered.body).toBe(201);
  identities.guest = new Identity({
    'access-token': String(entered.headers['access-token']),
    client: String(entered.headers.client),
    uid: String(entered.headers.uid),
  });
  return { worldId, identities };
}

/** The operation's URL on the world, other path parameters random (they name nothing). */
function urlOf(op: Operation, worldId: string) {
  const worldParam = op.path.includes('{world_id}') ? 'world_id' : 'id';
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === worldParam ? worldId : randomUUID(),
  );
}

/** What a caller must get: 'allowed' means the role gate let the call through. */
function expected(op: Operation, caller: Caller): { status: number; message: string } | 'allowed' {
  if (caller === 'anonymous') return { status: 401, message: unauthorizedMessage };
  if (caller === 'guest' && op.path.startsWith('/api/mypage/'))
    return { status: 403, message: guestForbiddenMessage };
  if (caller === 'otherUser') return { status: 404, message: worldNotFoundMessage };
  return op.worldRoles!.includes(caller) ? 'allowed' : { status: 403, message: forbiddenMessage };
}

const operations = listOperations(await loadDocument());
const worldScoped = operations.filter((op) => op.worldRoles);
/** Deleting the world itself would end the matrix early: it runs on a world of its own. */
const deletesTheWorld = (op: Operation) =>
  op.method === 'DELETE' && /\/worlds\/\{id\}$/.test(op.path);

describe(`authorization matrix on ${testDbKind}`, () => {
  it('answers every world-scoped call by role: owner, staff, user, guest, another user, anonymous', async () => {
    const { worldId, identities } = await setUp();
    const failures: string[] = [];
    const allowed: Record<Caller, number> = {
      owner: 0,
      staff: 0,
      user: 0,
      guest: 0,
      otherUser: 0,
      anonymous: 0,
    };
    for (const op of worldScoped) {
      for (const caller of callers) {
        const target =
          deletesTheWorld(op) && expected(op, caller) === 'allowed'
            ? await newWorld(identities.owner.headers!)
            : worldId;
        if (target !== worldId) {
          const id = await userId(identities[caller].headers!);
          if (caller !== 'owner')
            await t.database.db
              .insert(worldMembers)
              .values({ worldId: target, userId: id, role: caller as 'staff' });
        }
        const res = await identities[caller].call(op, urlOf(op, target));
        const want = expected(op, caller);
        const body = res.headers['content-type']?.toString().includes('json')
          ? res.json()
          : undefined;
        const label = `${op.operationId} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (want === 'allowed') {
          allowed[caller] += 1;
          const refused =
            [401, 403].includes(res.statusCode) ||
            (res.statusCode === 404 && body?.errors?.[0] === worldNotFoundMessage);
          if (refused || (res.statusCode >= 500 && res.statusCode !== 501)) failures.push(label);
        } else if (res.statusCode !== want.status || body?.errors?.[0] !== want.message) {
          failures.push(label);
        }
      }
    }
    expect(failures).toEqual([]);
    // The matrix really ran: every role was let through somewhere, outsiders nowhere.
    expect(allowed.owner).toBe(worldScoped.length);
    expect(allowed.staff).toBeGreaterThan(0);
    expect(allowed.guest).toBeGreaterThan(0);
    expect(allowed.otherUser + allowed.anonymous).toBe(0);
  }, 300_000);

  it('answers the calls that name their world in the query or body by role too (world_user_spaces, presets)', async () => {
    const { worldId, identities } = await setUp();
    const members = ['owner', 'staff', 'user'];
    const calls = [
      { method: 'GET', url: `/api/mypage/world_user_spaces?worldId=${worldId}`, roles: members },
      {
        method: 'GET',
        url: `/api/mypage/world_user_spaces/search?worldId=${worldId}&q=a`,
        roles: members,
      },
      {
        method: 'POST',
        url: '/api/mypage/world_user_spaces',
        payload: { worldId, spaceId: randomUUID() },
        roles: members,
      },
      {
        method: 'POST',
        url: '/api/mypage/presets',
        payload: { name: '権限確認', layoutId: worldId },
        roles: ['owner', 'staff'],
      },
    ] as const;
    const failures: string[] = [];
    for (const call of calls) {
      for (const caller of callers) {
        const identity = identities[caller];
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: identity.headers,
          payload: 'payload' in call ? call.payload : undefined,
          remoteAddress: anyIp(),
        });
        if (identity.headers) identity.headers = follow(identity.headers, res);
        const message = res.json().errors?.[0];
        const want =
          caller === 'anonymous'
            ? [401, unauthorizedMessage]
            : caller === 'guest'
              ? [403, guestForbiddenMessage]
              : caller === 'otherUser'
                ? [404, worldNotFoundMessage]
                : (call.roles as readonly string[]).includes(caller)
                  ? null
                  : [403, forbiddenMessage];
        const refused =
          [401, 403].includes(res.statusCode) ||
          (res.statusCode === 404 && message === worldNotFoundMessage);
        if (
          want
            ? res.statusCode !== want[0] || message !== want[1]
            : refused || res.statusCode >= 500
        )
          failures.push(`${call.method} ${call.url} as ${caller}: ${res.statusCode} ${message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps the policy: guests never reach the account area, money and deletion stay with owners', () => {
    // Staff may see the schedule; changing it, paying and deleting the world are the owner's.
    const money = /\/(payments|payment_methods|invoices|fixed_payments)\b/;
    const schedule = /\/(calendar_dates|reserved_calendar_dates)\b/;
    const ownerOnly = worldScoped.filter(
      (op) =>
        money.test(op.path) ||
        (schedule.test(op.path) && op.method !== 'GET') ||
        deletesTheWorld(op),
    );
    expect(ownerOnly.length).toBeGreaterThan(5);
    expect(
      ownerOnly.filter((op) => op.worldRoles!.join() !== 'owner').map((op) => op.operationId),
    ).toEqual([]);
    const guestInMypage = worldScoped.filter(
      (op) => op.path.startsWith('/api/mypage/') && op.worldRoles!.includes('guest'),
    );
    expect(guestInMypage.map((op) => op.operationId)).toEqual([]);
    // Every world-scoped path names its world, so the gate always knows which world it guards.
    expect(
      worldScoped.filter((op) => !/\{(world_id|id)\}/.test(op.path)).map((op) => op.operationId),
    ).toEqual([]);
  });
});
