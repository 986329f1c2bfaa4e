import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import { leaveWorldMachine } from './leave-world.machine';
import {
  isAskingToLeave,
  isLeaving,
  selectLeaveErrors,
  selectLeaveFailures,
} from './leave-world.selectors';

// docs/product.md §2 Leaving a world.
const lastOwner =
  'オーナーが1人だけのため、このオーナーを外すことはできません。先に別のメンバーをオーナーにしてください。';

function start(leave: () => Promise<void>) {
  const effects = { refreshMyWorlds: vi.fn(), goToMyWorlds: vi.fn() };
  const leaveCalls = vi.fn(leave);
  const actor = createActor(
    leaveWorldMachine.provide({
      actors: { leave: fromPromise(leaveCalls) },
      actions: {
        refreshMyWorlds: () => effects.refreshMyWorlds(),
        goToMyWorlds: (_, params) => effects.goToMyWorlds(params),
      },
    }),
    { input: { worldName: 'デモのワールド' } },
  ).start();
  return { actor, effects, leaveCalls };
}

describe('leave world machine', () => {
  it('asks once and sends nothing when the person cancels', () => {
    const { actor, leaveCalls } = start(async () => {});
    actor.send({ type: 'leave.asked' });
    expect(isAskingToLeave(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'leave.cancelled' });
    expect(isAskingToLeave(actor.getSnapshot())).toBe(false);
    expect(leaveCalls).not.toHaveBeenCalled();
  });

  it('leaves, refreshes the list of worlds and goes to it saying so', async () => {
    const { actor, effects } = start(async () => {});
    actor.send({ type: 'leave.asked' });
    actor.send({ type: 'leave.confirmed' });
    expect(isLeaving(actor.getSnapshot())).toBe(true);

    await waitFor(actor, (s) => s.status === 'done');
    expect(effects.refreshMyWorlds).toHaveBeenCalledOnce();
    expect(effects.goToMyWorlds).toHaveBeenCalledWith({
      flash: '「デモのワールド」から抜けました。',
    });
  });

  it("keeps the last owner: the server's message, the dialog closed, nowhere to go", async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError(422, [lastOwner]);
    });
    actor.send({ type: 'leave.asked' });
    actor.send({ type: 'leave.confirmed' });

    await waitFor(actor, (s) => selectLeaveFailures(s) === 1);
    expect(selectLeaveErrors(actor.getSnapshot())).toEqual([lastOwner]);
    expect(isAskingToLeave(actor.getSnapshot())).toBe(false);
    expect(isLeaving(actor.getSnapshot())).toBe(false);
    expect(effects.goToMyWorlds).not.toHaveBeenCalled();
  });
});
