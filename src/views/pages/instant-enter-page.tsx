import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { GuestNameForm } from '../components/meeting/guest-name-form';
import { useGuestEntry } from '../components/meeting/guest-entry';
import { useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import { toApiError } from '../../services/errors/api-error';
import { Loading } from '../components/loading';
import { useBotCheck } from '../hooks/use-bot-check';
import { worldMutations, worldQueries } from '../../services/api/worlds-queries';
import '../components/meeting/meeting.css';

const NO_TOKEN =
  'かんたん入場のURLが正しくありません。主催者から届いたURLをそのまま開いてください。';

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
  const query = useQuery({
    ...worldQueries.instantEnterRight(useQueryApi(), worldId, token),
    enabled: token !== '',
  });
  const right = query.data;
  const errors = !token ? [NO_TOKEN] : query.error ? toApiError(query.error).messages : null;

  return (
    <div className="meeting-page meeting-gate">
      <h1>かんたん入場</h1>
      {token && query.isPending && <Loading />}
      {!right && errors && (
        <div role="alert" className="meeting-outcome">
          <p>
            {errors.join(' ') ||
              'かんたん入場の情報を読み込めませんでした。時間をおいてもう一度お試しください。'}
          </p>
        </div>
      )}
      {right &&
        (right.available ? (
          <>
            <p>
              お名前を入力すると、ゲストとして入場できます（現在 {right.currentAttendees}人 / 定員{' '}
              {right.capacity}人）。
            </p>
            <GuestNameForm
              onEnter={async (name) => {
                // The contract requires a token; without a configured bot check the server does not read it.
                const botToken = getBotToken
                  ? await getBotToken('instantEnter').catch(() => 'unavailable')
                  : 'not-configured';
                return enter(() =>
                  worldMutations.enterInstantly(api, worldId, { token, name, botToken }),
                );
              }}
            />
          </>
        ) : (
          <div role="alert" className="meeting-outcome">
            <p>{right.message}</p>
          </div>
        ))}
    </div>
  );
}
