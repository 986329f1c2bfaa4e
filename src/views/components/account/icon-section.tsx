import { useState } from 'react';
import { avatarColourOf, initialsOf } from '../../../domain/avatar';
import { USER_ICON_MAX_MB, USER_ICON_TYPES, userIconFileProblem } from '../../../domain/user-icon';
import { toApiError } from '../../../services/errors/api-error';
import { useApi } from '../../hooks/use-api';
import type { SessionUser } from '../../hooks/use-session';
import './icon-section.css';

/**
 * アイコン on the account page (docs/product.md §4 アイコン): the icon the world's map draws as
 * one's avatar, or the initials on a colour it draws without one; upload a new one or remove it.
 */
export function IconSection({
  user,
  onUpdated,
}: {
  user: SessionUser;
  onUpdated: (user: SessionUser) => void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState('');

  async function change(file: File | null) {
    setErrors([]);
    setDone('');
    const problem = file && userIconFileProblem(file);
    if (problem) {
      setErrors([problem]);
      return;
    }
    setBusy(file ? `「${file.name}」をアップロードしています…` : 'アイコンを削除しています…');
    try {
      const { setUserIcon } = await import('../../../services/user-icon');
      onUpdated(await setUserIcon(api, file));
      setDone(file ? 'アイコンを変更しました。' : 'アイコンを削除しました。');
    } catch (error) {
      setErrors(toApiError(error).messages);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="form-section" aria-labelledby="account-icon">
      <h2 id="account-icon">アイコン</h2>
      <p>
        ワールドのマップで、あなたの位置に表示されます。設定していないときはお名前の頭文字を表示します。
      </p>
      <div className="icon-section">
        {user.iconUrl ? (
          <img className="icon-preview" src={user.iconUrl} alt="現在のアイコン" />
        ) : (
          <span
            className="icon-preview"
            role="img"
            aria-label="アイコンなし（頭文字を表示）"
            style={{ backgroundColor: avatarColourOf(user.id) }}
          >
            {initialsOf(user.name)}
          </span>
        )}
        <div className="icon-actions">
          {/* The native input, hidden but focusable, is named by the label drawn as a button. */}
          <label className="button button-secondary icon-upload">
            <input
              className="visually-hidden"
              type="file"
              accept={USER_ICON_TYPES.join(',')}
              disabled={busy !== null}
              aria-describedby="icon-file-hint"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void change(file);
              }}
            />
            アイコン画像を選ぶ
          </label>
          {user.iconUrl && (
            <button
              type="button"
              className="button button-secondary icon-remove"
              disabled={busy !== null}
              onClick={() => void change(null)}
            >
              アイコンを削除
            </button>
          )}
          <p id="icon-file-hint" className="icon-hint">
            JPEG・PNG・WebP、{USER_ICON_MAX_MB}MBまで。
          </p>
        </div>
      </div>
      {errors.length > 0 && (
        <ul className="field-errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p role="status" className="icon-status">
        {busy ?? done}
      </p>
    </section>
  );
}
