// Every operation of the contract has a way to reach it (issue #29): the browser app names it
// under src/ (tests, test support and the generated types do not count), or the contract marks it
// `x-client: none` with an `x-client-reason` saying who calls it instead (openapi/openapi.yaml,
// "Who calls it"). A new operation comes with its screen, or with the reason it has none.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listOperations, loadDocument, type Operation } from '../../server/openapi/document';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The browser app's own code: no tests, no test support, no generated types. */
function appSource(): string {
  const root = path.join(repoRoot, 'src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => !/\.test\.tsx?$|test-support\.ts$|schema\.d\.ts$/.test(file))
    .map((file) => readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the code calls the operation: the API client's `.GET('/api/…'` (any method), a query
 * factory's `'get', '/api/…'`, a plain fetch of a GET path (`url = '/api/…'`, `fetch('/api/…'`),
 * or a POST by `navigator.sendBeacon('/api/…'` (a closing page's leave, ADR 035).
 * A path in a type (`JsonBody<'/api/…'>`) or an invalidation names no call.
 */
function calls(source: string, op: Pick<Operation, 'method' | 'path'>): boolean {
  const quoted = `['"\`]${escape(op.path)}['"\`]`;
  const forms = [`\\.${op.method}\\(\\s*${quoted}`, `'${op.method.toLowerCase()}',\\s*${quoted}`];
  if (op.method === 'GET') forms.push(`(?:\\burl\\s*=|\\bfetch\\()\\s*${quoted}`);
  if (op.method === 'POST') forms.push(`\\bsendBeacon\\(\\s*${quoted}`);
  return new RegExp(forms.join('|')).test(source);
}

const document = await loadDocument();
const operations = listOperations(document);
const extension = (op: Operation, name: string) =>
  document.paths[op.path]?.[op.method.toLowerCase()]?.[name];
const serverOnly = operations.filter((op) => extension(op, 'x-client') === 'none');
const source = appSource();
const unreached = operations
  .filter((op) => !serverOnly.includes(op) && !calls(source, op))
  .map((op) => op.operationId)
  .sort();

describe('every operation has a way to reach it', () => {
  it('marks server-only operations with the reason no screen calls them', () => {
    expect(serverOnly.map((op) => op.operationId).sort()).toEqual([
      'createCalendarDate',
      'createEnterNotification',
      'createWorldUserSpace',
      'disconnectRtmUser',
      'getBuild',
      'getCalendarDate',
      'getChimeAttendeeId',
      'getChimeMeetingAttendee',
      'getChimeMeetingTimeCounts',
      'getGuest',
      'getHealth',
      'getPaymentMethod',
      'getPreset',
      'getQuestionnaireQuestion',
      'getReservedCalendarDate',
      'getRoomMemberCounts',
      'getStaffInvitation',
      'getUser',
      'getWatchingStreaming',
      'getWorldGroup',
      'getWorldGuestToken',
      'getWorldUser',
      'listChimeMeetings',
      'listDevMails',
      'listQuestionnaireQuestions',
      'listWorldOwners',
      'listWorldPayments',
      'receiveStripeWebhook',
      'recordChimeMeetingTime',
      'refreshCalendarDates',
    ]);
    for (const op of serverOnly) {
      expect(String(extension(op, 'x-client-reason') ?? '').length, op.operationId).toBeGreaterThan(
        20,
      );
    }
  });

  it('reaches every other operation from src/', () => {
    expect(unreached).toEqual([]);
  });

  it('tells a call from a type or an invalidation', () => {
    const op = { method: 'PATCH', path: '/api/mypage/presets/{id}' };
    expect(calls("api.PATCH('/api/mypage/presets/{id}', { body })", op)).toBe(true);
    expect(calls("api.PATCH(\n  '/api/mypage/presets/{id}',\n  {})", op)).toBe(true);
    expect(calls("api.DELETE('/api/mypage/presets/{id}')", op)).toBe(false);
    expect(calls("body: JsonBody<'/api/mypage/presets/{id}', 'patch'>", op)).toBe(false);
    const get = { method: 'GET', path: '/api/mypage/presets/{id}' };
    expect(calls("queryApi.queryOptions('get', '/api/mypage/presets/{id}', {})", get)).toBe(true);
    expect(calls("invalidateGets(queryClient, '/api/mypage/presets/{id}')", get)).toBe(false);
    const latest = { method: 'GET', path: '/api/builds/latest' };
    expect(calls("url = '/api/builds/latest',", latest)).toBe(true);
    expect(calls("type Latest = '/api/builds/latest';", latest)).toBe(false);
  });
});
