import { Link } from 'react-router';
import { toApiError } from '../../services/errors/api-error';

export type LoadFailureProps = {
  /** What the failed query threw: an ApiError, or anything else (taken as no answer). */
  error: unknown;
  /** What could not be loaded, as a noun: "アンケート", "イベントのお知らせ". */
  what: string;
  onRetry: () => void;
  back?: { to: string; label: string };
  /** What to say on 403 instead of the server's words (who may see it). */
  forbidden?: readonly string[];
};

/** A failed load: 404 and 403 said plainly (nothing to retry), anything else with a retry. */
export function LoadFailure({ error, what, onRetry, back, forbidden }: LoadFailureProps) {
  const { status, messages } = toApiError(error);
  const final = status === 404 || status === 403;
  const title =
    status === 404
      ? `${what}が見つかりません。`
      : status === 403
        ? `${what}を表示する権限がありません。`
        : `${what}を読み込めませんでした。`;
  const detail =
    status === 404
      ? ['削除されたか、URLが間違っている可能性があります。']
      : status === 403
        ? (forbidden ?? messages)
        : messages;
  return (
    <div className="error-summary" role="alert">
      <h2 className="error-summary-title">{title}</h2>
      {detail.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {(!final || back) && (
        <p className="button-row">
          {!final && (
            <button type="button" className="button" onClick={onRetry}>
              もう一度読み込む
            </button>
          )}
          {back && <Link to={back.to}>{back.label}</Link>}
        </p>
      )}
    </div>
  );
}
