import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { components } from '../../services/api/schema';
import { GuestNameForm } from '../components/meeting/guest-name-form';
import { useGuestEntry } from '../components/meeting/guest-entry';
import { request, useApi } from '../hooks/use-api';
import { useBotCheck } from '../hooks/use-bot-check';
import '../components/meeting/meeting.css';

type AccessRight = components['schemas']['InstantEnterAccessRight'];
type RightState = { kind: 'loading' } | { kind: 'loaded'; right: AccessRight } | { kind: 'failed'; status: number; errors: string[] };

const NOT_READY = 'かんたん入場は、このサーバーではまだ使えません。主催者から届いたゲスト用URLか、アカウントで入場してください。';
const reasons: Record<Exclude<AccessRight['reason'], 'open'>, string> = {
  disabled: 'このワールドでは、かんたん入場が有効になっていません。',
  full: '参加人数が上限に達しています。しばらくしてからもう一度お試しください。',
  outsideSchedule: 'いまは、かんたん入場の受付時間外です。',
};

/**
 * /worlds/:worldId/instantEnter: entering as a guest without a link, when the owner opened it
 * (my_instant_enter_access_right). Never redirects to sign-in; a server without the feature
 * (501) or a refusal (422) is said plainly.
 */
export function InstantEnterPage() {
  const { worldId = '' } = useParams();
  const api = useApi();
  const getBotToken = useBotCheck();
  const enter = useGuestEntry(worldId);
  const [state, setState] = useState<RightState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    void request(() => api.GET('/api/worlds/{id}/my_instant_enter_access_right', { params: { path: { id: worldId } } })).then((outcome) => {
      if (!live) return;
      setState(outcome.ok ? { kind: 'loaded', right: outcome.data } : { kind: 'failed', status: outcome.status, errors: outcome.errors });
    });
    return () => {
      live = false;
    };
  }, [api, worldId]);

  return (
    <div className="meeting-page meeting-gate">
      <h1>かんたん入場</h1>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && (
        <div role="alert" className="meeting-outcome">
          <p>{state.status === 501 ? NOT_READY : state.status === 404 ? 'ワールドが見つかりませんでした。' : state.errors.join(' ')}</p>
        </div>
      )}
      {state.kind === 'loaded' &&
        (state.right.available ? (
          <>
            <p>お名前を入力すると、ゲストとして入場できます（現在 {state.right.currentAttendees}人 / 定員 {state.right.capacity}人）。</p>
            <GuestNameForm
              onEnter={async (name) => {
                // The contract requires a token; without a configured bot check the server does not read it.
                const botToken = getBotToken ? await getBotToken('instantEnter').catch(() => 'unavailable') : 'not-configured';
                return enter(() => api.POST('/api/worlds/{id}/my_instant_enter_access_right', { params: { path: { id: worldId } }, body: { name, botToken } }));
              }}
            />
          </>
        ) : (
          <div role="alert" className="meeting-outcome">
            <p>{state.right.reason === 'open' ? reasons.disabled : reasons[state.right.reason]}</p>
          </div>
        ))}
    </div>
  );
}
