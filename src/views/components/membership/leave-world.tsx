import { useSelector } from '@xstate/react';
import {
  isAskingToLeave,
  isLeaving,
  selectLeaveErrors,
  selectLeaveFailures,
} from '../../../machines/leave-world.selectors';
import { ConfirmDialog } from '../confirm-dialog';
import { ErrorSummary } from '../form/error-summary';
import type { World } from '../worlds/world-format';
import { leaveWorldActor } from './leave-world-actor';
import '../worlds/worlds.css';

/** Leaving the world (the leave world machine); the server keeps the last owner (422). */
export function LeaveWorld({ world, selfId }: { world: World; selfId: string }) {
  const useLeaveWorld = leaveWorldActor.useProvided();
  const leave = useLeaveWorld({ worldId: world.id, worldName: world.name, selfId });
  const asking = useSelector(leave, isAskingToLeave);
  const busy = useSelector(leave, isLeaving);
  const errors = useSelector(leave, selectLeaveErrors);
  const failures = useSelector(leave, selectLeaveFailures);

  return (
    <section className="danger-zone" aria-labelledby="leave-world-heading">
      <h3 id="leave-world-heading">ワールドから抜ける</h3>
      <p>
        抜けると、このワールドの管理画面に入れなくなります。ほかに主催者がいない場合、主催者は抜けられません。
      </p>
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="ワールドから抜けられませんでした。"
      />
      <button
        type="button"
        className="button button-danger"
        onClick={() => leave.send({ type: 'leave.asked' })}
      >
        このワールドから抜ける
      </button>
      <ConfirmDialog
        open={asking}
        title={`「${world.name}」から抜けますか？`}
        confirmLabel="抜ける"
        busyLabel="処理しています…"
        busy={busy}
        onConfirm={() => leave.send({ type: 'leave.confirmed' })}
        onCancel={() => leave.send({ type: 'leave.cancelled' })}
      >
        <p>もう一度入るには、主催者に招待してもらう必要があります。</p>
      </ConfirmDialog>
    </section>
  );
}
