import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { components } from '../../services/api/schema';
import { GuestNameForm } from '../components/meeting/guest-name-form';
import { useGuestEntry } from '../components/meeting/guest-entry';
import { request, useApi } from '../hooks/use-api';
import { useBotCheck } from '../hooks/use-bot-check';
import '../components/meeting/meeting.css';

type AccessRight = components['schemas']['InstantEnterAccessRight'];
type RightState = { kind: 'loading' } | { kind: 'loaded'; right: AccessRight } | { kind: 'failed'; status: number; errors: string[] };

const NO_TOKEN = 'かんたん入場のURLが正しくありません。主催者から届いたURLをそのまま開いてください。';

/**
 * /worlds/:worldId/instantEnter?token=...: entering as a new guest with one of the world's
 * instant entrances (my_instant_enter_access_right). Never redirects to sign-in; the server says
 * why the entrance does not let people in (stopped, expired, used up, full).
 */
export function InstantEnterPage() {
  const { worldId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const api = useApi();
  const getBotToken = useBotCheck();
  const enter = useGuestEntry(worldId);
  const [state, setState] = useState<RightState>({ kind: 'loading' });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'failed', status: 404, errors: [NO_TOKEN] });
      return;
    }
    let live = true;
    void request(() =>
      api.GET('/api/worlds/{id}/my_instant_enter_access_right', { params: { path: { id: worldId }, query: { token } } }),
    ).then((outcome) => {
      if (!live) return;
      setState(outcome.ok ? { kind: 'loaded', right: outcome.data } : { kind: 'failed', status: outcome.status, errors: outcome.errors });
    });
    return () => {
      live = false;
    };
  }, [api, worldId, token]);

  return (
    <div className="meeting-page meeting-gate">
      <h1>かんたん入場</h1>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && (
        <div role="alert" className="meeting-outcome">
          <p>{state.errors.join(' ') || 'かんたん入場の情報を読み込めませんでした。時間をおいてもう一度お試しください。'}</p>
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
                return enter(() =>
                  api.POST('/api/worlds/{id}/my_instant_enter_access_right', { params: { path: { id: worldId } }, body: { token, name, botToken } }),
                );
              }}
            />
          </>
        ) : (
          <div role="alert" className="meeting-outcome">
            <p>{state.right.message}</p>
          </div>
        ))}
    </div>
  );
}
