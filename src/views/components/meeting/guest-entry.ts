import { useNavigate } from 'react-router';
import { request } from '../../hooks/use-api';
import { useSession, type SessionUser } from '../../hooks/use-session';

/**
 * After a guest entry call: the API client has stored the guest's auth headers; the session
 * learns the user and the visitor goes on to the gate (device check). Answers the server's
 * messages when the call failed.
 */
export function useGuestEntry(worldId: string) {
  const session = useSession();
  const navigate = useNavigate();
  return async (
    call: () => Promise<{ data?: { data: SessionUser }; error?: unknown; response: Response }>,
  ): Promise<string[] | void> => {
    const outcome = await request(call);
    if (!outcome.ok) return outcome.errors;
    session.send({ type: 'session.guestEntered', user: outcome.data.data });
    await navigate(`/worlds/${worldId}/gate`);
  };
}
