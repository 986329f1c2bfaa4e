import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { EnterGuide } from '../components/meeting/enter-guide';
import { GuestNameForm } from '../components/meeting/guest-name-form';
import { useGuestEntry } from '../components/meeting/guest-entry';
import { useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import { toApiError } from '../../services/errors/api-error';
import { Loading } from '../components/loading';
import { useBotCheck } from '../hooks/use-bot-check';
import { useSession } from '../hooks/use-session';
import { guestEntryMutations, guestEntryQueries } from '../../services/api/guest-entry-queries';
import '../components/meeting/meeting.css';

const TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * /worlds/:worldId/enterGuest?token=...: a guest link. The token opens the world as a guest
 * (getWorldGuestTokenInfo, then enterWithGuestToken), then the gate. Never redirects to sign-in.
 */
export function EnterGuestPage() {
  const { worldId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <div className="meeting-page meeting-gate">
      <h1>ゲストとして入場</h1>
      {TOKEN.test(token) ? (
        <GuestLink worldId={worldId} token={token} />
      ) : (
        <div role="alert" className="meeting-outcome">
          <p>
            ゲスト用のURLが正しくありません。主催者から届いたURLを、もう一度そのまま開いてください。
          </p>
        </div>
      )}
    </div>
  );
}

function GuestLink({ worldId, token }: { worldId: string; token: string }) {
  const api = useApi();
  const session = useSession();
  const getBotToken = useBotCheck();
  const enter = useGuestEntry(worldId);
  const query = useQuery(guestEntryQueries.link(useQueryApi(), token));

  const info = query.data;
  if (!info && query.error) {
    const failure = toApiError(query.error);
    return (
      <div role="alert" className="meeting-outcome">
        <p>
          {failure.status === 404
            ? 'このゲスト用URLは見つかりませんでした。主催者に確認してください。'
            : failure.messages.join(' ')}
        </p>
      </div>
    );
  }
  if (!info) return <Loading />;
  if (!info.valid || info.worldId !== worldId) {
    return (
      <div role="alert" className="meeting-outcome">
        <p>
          このゲスト用URLは、有効期限が切れたか使用できなくなっています。主催者に新しいURLをお尋ねください。
        </p>
      </div>
    );
  }
  const signedInMember = session.status === 'signedIn' && !session.isGuest;
  return (
    <>
      <p>
        「<strong>{info.worldName}</strong>」にゲストとして入場します。
      </p>
      {signedInMember && (
        <p>
          アカウントで参加する場合は <Link to={`/worlds/${worldId}/gate`}>こちら</Link>
          から入場してください。
        </p>
      )}
      <EnterGuide introduction={info.introduction} />
      <GuestNameForm
        initialName={info.guestName ?? ''}
        badges={info.badges}
        onEnter={async (name, badgeId) => {
          const botToken = getBotToken
            ? await getBotToken('enterGuest').catch(() => undefined)
            : undefined;
          return enter(() =>
            guestEntryMutations.enter(api, token, {
              name,
              ...(badgeId ? { badgeId } : {}),
              ...(botToken ? { botToken } : {}),
            }),
          );
        }}
      />
    </>
  );
}
