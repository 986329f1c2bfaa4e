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
});
