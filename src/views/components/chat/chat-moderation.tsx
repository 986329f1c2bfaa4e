import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { chatMachine } from '../../../machines/chat.machine';
import { selectChatSettings } from '../../../machines/chat.selectors';
import { downloadChatCsv, updateChatSettings } from '../../../services/chat-api';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { fileNameOf, saveBlob } from '../download';
import { ErrorSummary } from '../form/error-summary';

/**
 * Owner and staff turn world or space chat on and off; the owner downloads the world's chat as
 * CSV, optionally between two days (docs/product.md §4 チャット).
 */
export function ChatModeration({
  chat,
  worldId,
  isOwner,
}: {
  chat: ActorRefFrom<typeof chatMachine>;
  worldId: string;
  isOwner: boolean;
}) {
  const api = useApi();
  const settings = useSelector(chat, selectChatSettings);
  const { busy, errors, failures, run } = useAction();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const toggle = (key: 'worldChat' | 'spaceChat', on: boolean) =>
    void run(async () => {
      try {
        await updateChatSettings(api, worldId, { ...settings, [key]: on });
      } catch (error) {
        return (error as { messages?: string[] }).messages ?? ['設定を変更できませんでした。'];
      }
    });

  const download = () =>
    void run(async () => {
      let disposition: string | null = null;
      const outcome = await request(async () => {
        const result = await downloadChatCsv(api, worldId, {
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        });
        disposition = result.response.headers.get('content-disposition');
        return result;
      });
      if (!outcome.ok) return outcome.errors;
      saveBlob(outcome.data, fileNameOf(disposition) ?? 'チャット.csv');
    });

  return (
    <details className="chat-moderation">
      <summary>チャットの管理</summary>
      <ErrorSummary messages={errors} focusKey={failures} title="操作できませんでした。" />
      <label>
        <input
          type="checkbox"
          checked={settings.worldChat}
          disabled={busy}
          onChange={(event) => toggle('worldChat', event.target.checked)}
        />{' '}
        ワールド全体のチャットを使う
      </label>
      <label>
        <input
          type="checkbox"
          checked={settings.spaceChat}
          disabled={busy}
          onChange={(event) => toggle('spaceChat', event.target.checked)}
        />{' '}
        スペースのチャットを使う
      </label>
      {isOwner && (
        <fieldset className="chat-export">
          <legend>チャットをCSVでダウンロード（DMは含みません）</legend>
          <label>
            開始日 <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>{' '}
          <label>
            終了日 <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>{' '}
          <button type="button" className="button" disabled={busy} onClick={download}>
            CSVをダウンロード
          </button>
        </fieldset>
      )}
    </details>
  );
}
