// Reactions (docs/product.md §4 リアクション, ADR 034): the toolbar's picker, the mark over a
// sender's video and seat for about 3 s, and the live region that says them to a screen reader.
import { useState, useSyncExternalStore } from 'react';
import { REACTIONS, interactionTexts, reactionOf } from '../../../domain/interaction';
import { interactionMutations } from '../../../services/api/interaction-queries';
import type { ReactionStore } from '../../../services/realtime/reactions';
import { request, useApi } from '../../hooks/use-api';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';

/** 「リアクション」: opens the six reactions; a refusal (not in a space, too fast) is said once. */
export function ReactionPicker({ worldId }: { worldId: string }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const send = async (kind: (typeof REACTIONS)[number]['kind']) => {
    const outcome = await request(() => interactionMutations.react(api, worldId, kind));
    setError(outcome.ok ? '' : outcome.errors.join(' '));
  };
  return (
    <div className="reaction-picker">
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="reaction-choices"
        onClick={() => setOpen(!open)}
      >
        リアクション
      </button>
      <div id="reaction-choices" className="reaction-choices" hidden={!open}>
        {REACTIONS.map((r) => (
          <button
            key={r.kind}
            type="button"
            className="button reaction-choice"
            aria-label={r.label}
            title={r.label}
            onClick={() => void send(r.kind)}
          >
            {r.emoji}
          </button>
        ))}
      </div>
      {error && (
        <p className="reaction-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The sender's reaction shown now, over their video tile or their seat on the map. */
export function ReactionMark({ reactions, userId }: { reactions: ReactionStore; userId: string }) {
  const shown = useSyncExternalStore(reactions.subscribe, () => reactions.of(userId));
  const reaction = shown && reactionOf(shown.kind);
  if (!reaction) return null;
  return (
    <span key={shown.seq} className="reaction-mark" role="img" aria-label={reaction.label}>
      {reaction.emoji}
    </span>
  );
}

/** Says the newest batch of one's own space to a screen reader (three at most, then a count). */
export function ReactionAnnouncer({ world, spaceId }: { world: WorldActors; spaceId: string }) {
  const latest = useSyncExternalStore(world.reactions.subscribe, world.reactions.latest);
  const presence = usePresence(world);
  const here = latest.filter((r) => r.spaceId === spaceId);
  const said = here
    .slice(0, 3)
    .map((r) =>
      interactionTexts.reacted(
        presence.get(r.userId)?.name ?? '参加者',
        reactionOf(r.kind)?.label ?? '',
      ),
    );
  if (here.length > 3) said.push(`ほか${here.length - 3}件`);
  return (
    <p className="visually-hidden" aria-live="polite">
      {said.join('、')}
    </p>
  );
}
