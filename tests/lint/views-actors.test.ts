// Views subscribe to machines and send them events; they do not run them (issue #24): an actor
// is created in src/app or spawned by its parent machine (systemId), and a view reads it through
// the machine's selectors, never the whole snapshot (useSelector(ref, s => s) re-renders on
// every change and reads state names).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const viewsRoot = path.join(repoRoot, 'src/views');

const CREATES_ACTOR = /\b(useActorRef|useMachine|createActor)\b/;
/** A write to the API from a view: a mutation factory, the request helper or the raw client. */
const CALLS_API = /\b\w+Mutations\b|\brequest\(|\buseApi\(/;

// The views whose flow is a machine (ADR 042, ADR 043): they send it events and call no API.
// Most views still write through request() (issue 24); this list only grows.
const FLOW_VIEWS = [
  'pages/enter-guest-page.tsx',
  'pages/instant-enter-page.tsx',
  'components/meeting/guest-name-form.tsx',
  'pages/invite-staff-page.tsx',
  'components/worlds/invitation-join.tsx',
  'components/membership/leave-world.tsx',
  'components/membership/recordings-section.tsx',
  'components/meeting/questionnaire-panel.tsx',
  'components/meeting/questionnaire-answer-form.tsx',
];
/** useSelector(ref, (s) => s), with any parameter name, with or without parentheses. */
const WHOLE_SNAPSHOT = /useSelector\(\s*[\w.]+\s*,\s*\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*\)/;

const views = readdirSync(viewsRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|tsx)$/.test(file))
  .map((file) => file.split(path.sep).join('/'));
const offenders = (pattern: RegExp) =>
  views.filter((file) => pattern.test(readFileSync(path.join(viewsRoot, file), 'utf8')));

describe('views and actors', () => {
  it('reads no whole snapshot: useSelector takes a selector of the machine', () => {
    expect(WHOLE_SNAPSHOT.test('useSelector(actor, (s) => s)')).toBe(true);
    expect(WHOLE_SNAPSHOT.test('useSelector(meeting.ref, snapshot => snapshot)')).toBe(true);
    expect(WHOLE_SNAPSHOT.test('useSelector(actor, selectMethods)')).toBe(false);
    expect(offenders(WHOLE_SNAPSHOT)).toEqual([]);
  });

  it('creates no actor: src/app or a parent machine does', () => {
    expect(
      CREATES_ACTOR.test('const actor = useActorRef(paymentMethodsMachine.provide({}));'),
    ).toBe(true);
    expect(offenders(CREATES_ACTOR)).toEqual([]);
  });

  it('calls no API where the flow is a machine: the view sends events to it', () => {
    expect(CALLS_API.test('await request(() => memberMutations.remove(api, id, self));')).toBe(
      true,
    );
    expect(CALLS_API.test('const api = useApi();')).toBe(true);
    expect(CALLS_API.test("leave.send({ type: 'leave.confirmed' });")).toBe(false);
    expect(FLOW_VIEWS.filter((file) => !views.includes(file))).toEqual([]);
    expect(
      FLOW_VIEWS.filter((file) => CALLS_API.test(readFileSync(path.join(viewsRoot, file), 'utf8'))),
    ).toEqual([]);
  });
});
