import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { request, useApi } from '../../hooks/use-api';
import { ConfirmDialog } from '../confirm-dialog';
import { ErrorSummary } from '../form/error-summary';
import { operationErrors, type FlashState, type World } from '../worlds/world-format';
import { memberMutations } from '../../../services/api/members-queries';
import { invalidateMyWorlds } from '../../../services/api/my-worlds-queries';
import '../worlds/worlds.css';

/** Leaving the world (removeWorldUser on oneself); the server keeps the last owner (422). */
export function LeaveWorld({ world, selfId }: { world: World; selfId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);

  const leave = async () => {
    setBusy(true);
    const outcome = await request(() => memberMutations.remove(api, world.id, selfId));
    setBusy(false);
    setAsking(false);
    if (!outcome.ok) {
      setErrors(operationErrors(outcome));
      setFailures((n) => n + 1);
      return;
    }
    // The list of the caller's worlds no longer holds this one.
    void invalidateMyWorlds(queryClient);
    const state: FlashState = { flash: `「${world.name}」から抜けました。` };
    await navigate('/mypage/worlds', { state, replace: true });
  };

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
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        このワールドから抜ける
      </button>
      <ConfirmDialog
        open={asking}
        title={`「${world.name}」から抜けますか？`}
        confirmLabel="抜ける"
        busyLabel="処理しています…"
        busy={busy}
        onConfirm={() => void leave()}
        onCancel={() => setAsking(false)}
      >
        <p>もう一度入るには、主催者に招待してもらう必要があります。</p>
      </ConfirmDialog>
    </section>
  );
}
