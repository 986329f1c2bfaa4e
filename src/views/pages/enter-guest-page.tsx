import { useSelector } from '@xstate/react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  offersForm,
  selectIntroduction,
  selectRefusal,
  selectWorldName,
} from '../../machines/guest-entry.selectors';
import { EnterGuide } from '../components/meeting/enter-guide';
import { GuestNameForm } from '../components/meeting/guest-name-form';
import { GuestEntryRefusal, guestEntryActor } from '../components/meeting/guest-entry';
import { Loading } from '../components/loading';
import { useSession } from '../hooks/use-session';
import '../components/meeting/meeting.css';

/**
 * /worlds/:worldId/enterGuest?token=...: a guest link. The guest entry machine looks the token up
 * and enters with it, then goes on to the gate. Never redirects to sign-in.
 */
export function EnterGuestPage() {
  const { worldId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <div className="meeting-page meeting-gate">
      <h1>ゲストとして入場</h1>
      <GuestLink key={`${worldId}/${token}`} worldId={worldId} token={token} />
    </div>
  );
}

function GuestLink({ worldId, token }: { worldId: string; token: string }) {
  const useGuestEntry = guestEntryActor.useProvided();
  const entry = useGuestEntry({ kind: 'link', worldId, token });
  const session = useSession();
  const refusal = useSelector(entry, selectRefusal);
  const form = useSelector(entry, offersForm);
  const worldName = useSelector(entry, selectWorldName);
  const introduction = useSelector(entry, selectIntroduction);

  if (refusal) return <GuestEntryRefusal message={refusal} />;
  if (!form) return <Loading />;
  const signedInMember = session.status === 'signedIn' && !session.isGuest;
  return (
    <>
      <p>
        「<strong>{worldName}</strong>」にゲストとして入場します。
      </p>
      {signedInMember && (
        <p>
          アカウントで参加する場合は <Link to={`/worlds/${worldId}/gate`}>こちら</Link>
          から入場してください。
        </p>
      )}
      {introduction && <EnterGuide introduction={introduction} />}
      <GuestNameForm entry={entry} />
    </>
  );
}
