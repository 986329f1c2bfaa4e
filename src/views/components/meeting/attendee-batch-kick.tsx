import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import type { Kickable } from './attendee-choice';

/**
 * Removing the chosen attendees together: one button, one question naming them, one request.
 * The button stays disabled until someone is chosen.
 */
export function BatchKick({
  chosen,
  busy,
  onKick,
}: {
  chosen: readonly Kickable[];
  busy: boolean;
  /** Removes them; the dialog closes when it settles either way. */
  onKick: (userIds: string[]) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const count = chosen.length;
  const kick = async () => {
    await onKick(chosen.map((person) => person.userId));
    setConfirming(false);
  };
  return (
    <div className="attendee-batch">
      <button
        type="button"
        className="button"
        disabled={busy || count === 0}
        onClick={() => setConfirming(true)}
      >
        {count === 0 ? '選んだ人を退出させる…' : `選んだ${count}人を退出させる…`}
      </button>
      <ConfirmDialog
        open={confirming && count > 0}
        title={`${count}人を会議から退出させますか？`}
        confirmLabel="退出させる"
        busyLabel="退出させています…"
        busy={busy}
        onConfirm={() => void kick()}
        onCancel={() => setConfirming(false)}
      >
        <ul className="attendee-batch-names">
          {chosen.map((person) => (
            <li key={person.userId}>{person.name}さん</li>
          ))}
        </ul>
        <p>この会議から退出させます（ワールドへの再入場は止めません）。</p>
      </ConfirmDialog>
    </div>
  );
}
