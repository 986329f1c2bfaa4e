import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { toApiError } from '../../../services/errors/api-error';
import type { components } from '../../../services/api/schema';
import { spendsOneTimeToken, useQueryApi } from '../../hooks/use-api-query';
import { Notice } from '../form/notice';
import { eventQueries } from '../../../services/api/events-queries';

type Registration = components['schemas']['EventRegistration'];
type Confirmation = UseQueryResult<Registration, unknown>;

/**
 * Confirms a registration with the token of the mailed link (`null`: there is none), once per
 * token: the call spends it, so it is never repeated (docs/decisions/013-data-layer.md).
 */
export function useRegistrationConfirmation(eventId: string, token: string | null): Confirmation {
  return useQuery({
    ...eventQueries.confirmRegistration(useQueryApi(), eventId, token ?? ''),
    enabled: token !== null,
    ...spendsOneTimeToken,
  });
}

/** What the confirmation of useRegistrationConfirmation came to. */
export function RegistrationConfirmation({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation.isPending) return <p role="status">参加登録を確認しています…</p>;
  if (confirmation.data) {
    const registration = confirmation.data;
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
  const failure = toApiError(confirmation.error);
  return (
    <div className="error-summary" role="alert" tabIndex={-1}>
      <h2 className="error-summary-title">参加登録を確認できませんでした。</h2>
      {failure.status === 422 || failure.status === 404 ? (
        <p>
          確認のリンクが無効です。有効期限が切れているか、すでに使用されたリンクの可能性があります。
        </p>
      ) : null}
      {failure.messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <p>参加登録がまだの場合は、下のフォームからもう一度登録してください。</p>
    </div>
  );
}
