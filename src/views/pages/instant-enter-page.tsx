import { useSelector } from '@xstate/react';
import { useParams, useSearchParams } from 'react-router';
import { offersForm, selectRefusal, selectSeats } from '../../machines/guest-entry.selectors';
import { GuestNameForm } from '../components/meeting/guest-name-form';
import { GuestEntryRefusal, guestEntryActor } from '../components/meeting/guest-entry';
import { Loading } from '../components/loading';
import '../components/meeting/meeting.css';

/**
 * /worlds/:worldId/instantEnter?token=...: entering as a new guest with one of the world's
 * instant entrances (my_instant_enter_access_right). Never redirects to sign-in; the server says
 * why the entrance does not let people in (stopped, expired, used up, full, removed).
 */
export function InstantEnterPage() {
  const { worldId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <div className="meeting-page meeting-gate">
      <h1>かんたん入場</h1>
      <InstantEntrance key={`${worldId}/${token}`} worldId={worldId} token={token} />
    </div>
  );
}

function InstantEntrance({ worldId, token }: { worldId: string; token: string }) {
  const useGuestEntry = guestEntryActor.useProvided();
  const entry = useGuestEntry({ kind: 'instant', worldId, token });
  const refusal = useSelector(entry, selectRefusal);
  const form = useSelector(entry, offersForm);
  const seats = useSelector(entry, selectSeats);

  if (refusal) return <GuestEntryRefusal message={refusal} />;
  if (!form) return <Loading />;
  return (
    <>
      {seats && (
        <p>
          お名前を入力すると、ゲストとして入場できます（現在 {seats.current}人 / 定員{' '}
          {seats.capacity}人）。
        </p>
      )}
      <GuestNameForm entry={entry} />
    </>
  );
}
