import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadingOverlayMachine, overlayMessage } from './loading-overlay.machine';

function start() {
  const actor = createActor(loadingOverlayMachine).start();
  const shown = () => actor.getSnapshot().matches('shown');
  const message = () => overlayMessage(actor.getSnapshot());
  return { actor, shown, message };
}

describe('loading overlay machine', () => {
  it('is hidden at first', () => {
    expect(start().shown()).toBe(false);
  });

  it('shows on page start and hides on page finish', () => {
    const { actor, shown } = start();

    actor.send({ type: 'overlay.pageStart' });
    expect(shown()).toBe(true);

    actor.send({ type: 'overlay.pageFinish' });
    expect(shown()).toBe(false);
  });

  it('shows a loading start with its message and hides on its finish', () => {
    const { actor, shown, message } = start();

    actor.send({ type: 'overlay.loadingStart', message: '保存しています…' });
    expect([shown(), message()]).toEqual([true, '保存しています…']);

    actor.send({ type: 'overlay.loadingFinish' });
    expect([shown(), message()]).toEqual([false, null]);
  });

  it('a page finish does not hide a loading that is still running', () => {
    const { actor, shown } = start();
    actor.send({ type: 'overlay.pageStart' });
    actor.send({ type: 'overlay.loadingStart', source: 'save' });

    actor.send({ type: 'overlay.pageFinish' });
    expect(shown()).toBe(true);

    actor.send({ type: 'overlay.loadingFinish', source: 'save' });
    expect(shown()).toBe(false);
  });

  it("one source's finish does not hide another's overlay", () => {
    const { actor, shown, message } = start();
    actor.send({ type: 'overlay.loadingStart', source: 'a', message: 'A' });
    actor.send({ type: 'overlay.loadingStart', source: 'b', message: 'B' });

    actor.send({ type: 'overlay.loadingFinish', source: 'b' });
    expect([shown(), message()]).toEqual([true, 'A']);

    actor.send({ type: 'overlay.loadingFinish', source: 'b' });
    expect(shown()).toBe(true);
  });

  it('nested starts of one source need as many finishes, unless all end together', () => {
    const { actor, shown } = start();
    actor.send({ type: 'overlay.loadingStart', source: 'a' });
    actor.send({ type: 'overlay.loadingStart', source: 'a' });

    actor.send({ type: 'overlay.loadingFinish', source: 'a' });
    expect(shown()).toBe(true);

    actor.send({ type: 'overlay.loadingStart', source: 'a' });
    actor.send({ type: 'overlay.loadingFinish', source: 'a', all: true });
    expect(shown()).toBe(false);
  });

  it('a finish with nothing running changes nothing', () => {
    const { actor } = start();
    const before = actor.getSnapshot();

    actor.send({ type: 'overlay.loadingFinish' });
    actor.send({ type: 'overlay.pageFinish' });

    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().context).toEqual(before.context);
  });
});
