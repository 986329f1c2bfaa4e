import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import {
  invitationMachine,
  type InvitationAddress,
  type InvitationEvent,
} from './invitation.machine';
import {
  hasAccepted,
  isAccepting,
  isForAnotherAccount,
  offersAccept,
  selectInvitationErrors,
  selectInvitationFailures,
} from './invitation.selectors';

// docs/product.md §2 Accepting a staff invitation and Joining by a member invitation (ADR 011).
const worldId = '00000000-0000-4000-8000-00000000000a';
const token = 'invitation-token-0123456789';
const expired = 'この招待は有効期限が切れています。招待した方に再送を依頼してください。';

function start(accept: (input: InvitationAddress) => Promise<{ worldId: string }>) {
  const acceptCalls = vi.fn(({ input }: { input: InvitationAddress }) => accept(input));
  const effects = { refreshMyWorlds: vi.fn(), goToGate: vi.fn() };
  const actor = createActor(
    invitationMachine.provide({
      actors: { accept: fromPromise(acceptCalls) },
      actions: {
        refreshMyWorlds: () => effects.refreshMyWorlds(),
        goToGate: (_, params) => effects.goToGate(params),
      },
    }),
  ).start();
  return { actor, acceptCalls, effects };
}

const staff = (signedInEmail: string): InvitationEvent => ({
  type: 'invitation.opened',
  kind: 'staff',
  worldId,
  token,
  invitedEmail: 'staff@example.com',
  signedInEmail,
});

describe('invitation machine', () => {
  it('offers a staff invitation only to the invited address, whatever its case', () => {
    const other = start(async () => ({ worldId }));
    other.actor.send(staff('demo@example.com'));
    expect(isForAnotherAccount(other.actor.getSnapshot())).toBe(true);
    expect(offersAccept(other.actor.getSnapshot())).toBe(false);

    const invited = start(async () => ({ worldId }));
    invited.actor.send(staff('Staff@Example.com'));
    expect(offersAccept(invited.actor.getSnapshot())).toBe(true);
  });

  it('accepts a staff invitation: staff now, the list of worlds read again, no move', async () => {
    const { actor, acceptCalls, effects } = start(async () => ({ worldId }));
    actor.send(staff('staff@example.com'));
    actor.send({ type: 'invitation.accept' });
    expect(isAccepting(actor.getSnapshot())).toBe(true);

    await waitFor(actor, hasAccepted);
    expect(acceptCalls.mock.calls[0]?.[0].input).toEqual({ kind: 'staff', worldId, token });
    expect(effects.refreshMyWorlds).toHaveBeenCalledOnce();
    expect(effects.goToGate).not.toHaveBeenCalled();
  });

  it("joins by a member invitation whoever is signed in, and goes to the joined world's gate", async () => {
    const joined = '00000000-0000-4000-8000-00000000000b';
    const { actor, effects } = start(async () => ({ worldId: joined }));
    actor.send({
      type: 'invitation.opened',
      kind: 'member',
      worldId,
      token,
      invitedEmail: null,
      signedInEmail: 'anyone@example.com',
    });
    actor.send({ type: 'invitation.accept' });

    await waitFor(actor, hasAccepted);
    expect(effects.goToGate).toHaveBeenCalledWith({ worldId: joined });
  });

  it("shows the server's refusal and offers the button again", async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError(422, [expired]);
    });
    actor.send(staff('staff@example.com'));
    actor.send({ type: 'invitation.accept' });

    await waitFor(actor, (s) => selectInvitationFailures(s) === 1);
    expect(selectInvitationErrors(actor.getSnapshot())).toEqual([expired]);
    expect(offersAccept(actor.getSnapshot())).toBe(true);
    expect(isAccepting(actor.getSnapshot())).toBe(false);
    expect(effects.refreshMyWorlds).not.toHaveBeenCalled();
  });
});
