import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import type { Entrance, GuestEntryRequest } from '../services/guest-entry-api';
import { guestEntryMachine } from './guest-entry.machine';
import {
  offersForm,
  selectEntryErrors,
  selectName,
  selectNameErrors,
  selectRefusal,
} from './guest-entry.selectors';

const worldId = '00000000-0000-4000-8000-00000000000a';
const token = 'guest-link-token-0123456789';
const open: Entrance = {
  worldId,
  worldName: 'デモのワールド',
  open: true,
  message: null,
  guestName: null,
  introduction: null,
  badges: [],
  seats: null,
};
const guest = { id: 'g1', isGuest: true };

function start(
  entrance: Entrance | Error,
  enter: (input: GuestEntryRequest) => unknown = () => guest,
) {
  const lookUp = vi.fn(async () => {
    if (entrance instanceof Error) throw entrance;
    return entrance;
  });
  const effects = { startGuestSession: vi.fn(), goToGate: vi.fn() };
  const actor = createActor(
    guestEntryMachine.provide({
      actors: {
        lookUpEntrance: fromPromise(lookUp),
        enter: fromPromise(async ({ input }) => enter(input) as never),
      },
      actions: {
        startGuestSession: (_, params) => effects.startGuestSession(params),
        goToGate: (_, params) => effects.goToGate(params),
      },
    }),
  ).start();
  return { actor, lookUp, effects };
}

describe('guest entry machine', () => {
  it('refuses a link whose token cannot be one without asking the server', () => {
    const { actor, lookUp } = start(open);
    actor.send({ type: 'guestEntry.opened', kind: 'link', worldId, token: 'abc' });

    expect(selectRefusal(actor.getSnapshot())).toMatch(/ゲスト用のURLが正しくありません/);
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('refuses an expired link before asking for a name', async () => {
    const { actor } = start({ ...open, open: false });
    actor.send({ type: 'guestEntry.opened', kind: 'link', worldId, token });

    await waitFor(actor, (s) => selectRefusal(s) !== null);
    expect(selectRefusal(actor.getSnapshot())).toMatch(/有効期限が切れたか/);
    expect(offersForm(actor.getSnapshot())).toBe(false);
  });

  it("tells a removed person at once, in the server's words", async () => {
    const message = 'このワールドから退出させられたため、入場できません。';
    const { actor } = start({ ...open, open: false, message, seats: { current: 1, capacity: 5 } });
    actor.send({ type: 'guestEntry.opened', kind: 'instant', worldId, token: 'instant' });

    await waitFor(actor, (s) => selectRefusal(s) !== null);
    expect(selectRefusal(actor.getSnapshot())).toBe(message);
  });

  it('says a link the server does not know was not found', async () => {
    const { actor } = start(new ApiError(404, ['Not Found']));
    actor.send({ type: 'guestEntry.opened', kind: 'link', worldId, token });

    await waitFor(actor, (s) => selectRefusal(s) !== null);
    expect(selectRefusal(actor.getSnapshot())).toMatch(/見つかりませんでした/);
  });

  it('sends no blank name, then enters with the trimmed name and the badge and goes to the gate', async () => {
    const enter = vi.fn(() => guest);
    const { actor, effects } = start({ ...open, guestName: '' }, enter);
    actor.send({ type: 'guestEntry.opened', kind: 'link', worldId, token });
    await waitFor(actor, offersForm);

    actor.send({ type: 'guestEntry.submitted' });
    expect(selectNameErrors(actor.getSnapshot())).toEqual(['お名前を入力してください。']);
    expect(enter).not.toHaveBeenCalled();

    actor.send({ type: 'guestEntry.nameChanged', name: '  山田  ' });
    actor.send({ type: 'guestEntry.badgeChosen', badgeId: 'b1' });
    actor.send({ type: 'guestEntry.submitted' });
    await waitFor(actor, (s) => s.status === 'done');

    expect(enter).toHaveBeenCalledWith({
      kind: 'link',
      worldId,
      token,
      name: '山田',
      badgeId: 'b1',
    });
    expect(effects.startGuestSession).toHaveBeenCalledWith({ user: guest });
    expect(effects.goToGate).toHaveBeenCalledWith({ worldId });
  });

  it("shows the server's refusal and keeps the typed name", async () => {
    const { actor } = start(open, () => {
      throw new ApiError(422, ['このゲスト用URLは使用できません。']);
    });
    actor.send({ type: 'guestEntry.opened', kind: 'link', worldId, token });
    await waitFor(actor, offersForm);
    actor.send({ type: 'guestEntry.nameChanged', name: '山田' });
    actor.send({ type: 'guestEntry.submitted' });

    await waitFor(actor, (s) => selectEntryErrors(s).length > 0);
    expect(selectEntryErrors(actor.getSnapshot())).toEqual(['このゲスト用URLは使用できません。']);
    expect(selectName(actor.getSnapshot())).toBe('山田');
    expect(offersForm(actor.getSnapshot())).toBe(true);
  });
});
