import { useEffect, useRef, useState } from 'react';
import { request, useApi } from '../../hooks/use-api';
import { Notice } from '../form/notice';
import type { components } from '../../../services/api/schema';

type Registration = components['schemas']['EventRegistration'];
type Outcome =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; registration: Registration }
  | { kind: 'failed'; status: number; errors: string[] };

/**
 * Confirms a registration with the token of the mailed link, once (a development StrictMode
 * mount must not spend the one-time token twice), and says what happened.
 */
export function RegistrationConfirmation({
  eventId,
  token,
  onDone,
}: {
  eventId: string;
  token: string;
  onDone(confirmed: boolean): void;
}) {
  const api = useApi();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'confirming' });
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    void request(() =>
      api.POST('/api/event_announcements/{event_announcement_id}/registered_email_confirmations', {
        params: { path: { event_announcement_id: eventId } },
        body: { token },
      }),
    ).then((result) => {
      setOutcome(
        result.ok
          ? { kind: 'confirmed', registration: result.data }
          : { kind: 'failed', status: result.status, errors: result.errors },
      );
      onDone(result.ok);
    });
  }, [api, eventId, token, onDone]);

  if (outcome.kind === 'confirming') return <p role="status">参加登録を確認しています…</p>;
  if (outcome.kind === 'confirmed') {
    const { registration } = outcome;
    return (
      <Notice title="参加登録が完了しました" focusOnMount>
        <p>
          {registration.name} さん（{registration.email}）の参加登録を受け付けました。
        </p>
        <p>
          当日は次のリンクからワールドに入場できます。このリンクはあなた専用です。
          <br />
          <a href={registration.enterUrl}>イベントのワールドに入場する</a>
        </p>
      </Notice>
    );
  }
  return (
    <div className="error-summary" role="alert" tabIndex={-1}>
      <h2 className="error-summary-title">参加登録を確認できませんでした。</h2>
      {outcome.status === 422 || outcome.status === 404 ? (
        <p>
          確認のリンクが無効です。有効期限が切れているか、すでに使用されたリンクの可能性があります。
        </p>
      ) : null}
      {outcome.errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <p>参加登録がまだの場合は、下のフォームからもう一度登録してください。</p>
    </div>
  );
}
