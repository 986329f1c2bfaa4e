import { useSelector } from '@xstate/react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { checkChatBody, composerKey, CHAT_LIMITS } from '../../../domain/chat';
import type { chatMachine } from '../../../machines/chat.machine';
import {
  composerNotice,
  composerPhase,
  selectChatErrors,
  selectPending,
} from '../../../machines/chat.selectors';

/**
 * The text box: Enter sends, Shift+Enter breaks the line, and the Enter that confirms an IME
 * conversion never sends (composerKey). A send that failed stays with its reason and 再送信.
 */
export function ChatComposer({ chat }: { chat: ActorRefFrom<typeof chatMachine> }) {
  const [text, setText] = useState('');
  const phase = useSelector(chat, composerPhase);
  const notice = useSelector(chat, composerNotice);
  const pending = useSelector(chat, selectPending);
  const errors = useSelector(chat, selectChatErrors);
  const id = useId();

  const send = () => {
    chat.send({ type: 'chat.send', body: text });
    // A refused text stays to be corrected; an accepted one leaves the box for the next.
    if (checkChatBody(text).ok) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const native = event.nativeEvent;
    if (
      composerKey({
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: native.isComposing,
        keyCode: native.keyCode,
      }) !== 'send'
    )
      return;
    event.preventDefault();
    send();
  };

  if (notice)
    return (
      <p className="chat-composer-notice" role="status">
        {notice}
      </p>
    );
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {phase === 'failedSend' && pending && (
        <div className="chat-failed" role="alert">
          <p>送信できませんでした：{errors.join(' ')}</p>
          <p className="chat-failed-body">{pending.body}</p>
          <button
            type="button"
            className="button"
            onClick={() => chat.send({ type: 'chat.retry' })}
          >
            再送信
          </button>{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => chat.send({ type: 'chat.discard' })}
          >
            取り消す
          </button>
        </div>
      )}
      {phase !== 'failedSend' && errors.length > 0 && (
        <p className="chat-error" role="alert" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      )}
      <label htmlFor={id} className="visually-hidden">
        メッセージ（Enterで送信、Shift+Enterで改行）
      </label>
      <textarea
        id={id}
        className="chat-input"
        rows={2}
        value={text}
        maxLength={CHAT_LIMITS.maxLength * 2}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        placeholder="メッセージを入力（Enterで送信、Shift+Enterで改行）"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="button" aria-busy={phase === 'sending' || undefined}>
        送信
      </button>
    </form>
  );
}
