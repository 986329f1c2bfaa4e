import { useEffect, useId, useState, type FormEvent } from 'react';
import { meetingMutations } from '../../../services/api/meetings-queries';
import { playBellTone } from '../../../services/bell-tone';
import { readChoice, writeChoice } from '../../../services/storage';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { ErrorSummary } from '../form/error-summary';
import type { WorldActors } from './world-actors';

// The visitor's choice to hear the bell, kept on this device.
const soundOn = () => readChoice('bellSound') !== 'off';

type Rang = { fromName: string; message: string | null; at: string };

/**
 * The bell as the attendees meet it: a notice saying who rang (role="alert", so a screen reader
 * says it at once) and a short tone unless the visitor turned the bell's sound off (BellSound,
 * in the settings). A bell rung for another space is not for this page.
 */
export function BellNotice({ world, spaceId }: { world: WorldActors; spaceId: string }) {
  const [rang, setRang] = useState<Rang | null>(null);

  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type !== 'bell.rang') return;
        if (message.spaceId !== null && message.spaceId !== spaceId) return;
        setRang({ fromName: message.fromName, message: message.message, at: message.at });
        if (soundOn()) playBellTone();
      }),
    [world, spaceId],
  );

  return (
    <div className="bell-notice-area" role="alert">
      {rang && (
        <div className="bell-notice">
          <p>
            🔔 {rang.fromName}さんがベルを鳴らしました
            {rang.message ? `：${rang.message}` : '。'}
          </p>
          <button type="button" className="button" onClick={() => setRang(null)}>
            閉じる
          </button>
        </div>
      )}
    </div>
  );
}

/** Whether the bell's tone plays on this device (the notice shows either way). */
export function BellSound() {
  const [sound, setSound] = useState(soundOn);
  const toggle = (on: boolean) => {
    setSound(on);
    writeChoice('bellSound', on ? 'on' : 'off');
  };
  return (
    <label className="bell-sound">
      <input type="checkbox" checked={sound} onChange={(e) => toggle(e.target.checked)} />{' '}
      ベルの音を鳴らす
    </label>
  );
}

/** Owner and staff: ring everyone in the world, or this space only, with an optional message. */
export function BellRinger({ worldId, spaceId }: { worldId: string; spaceId: string }) {
  const api = useApi();
  const id = useId();
  const { busy, errors, failures, run } = useAction();
  const [target, setTarget] = useState<'everyone' | 'space'>('everyone');
  const [message, setMessage] = useState('');
  const [done, setDone] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    void run(async () => {
      const outcome = await request(() =>
        meetingMutations.ringBell(api, worldId, {
          spaceId: target === 'space' ? spaceId : null,
          ...(message.trim() ? { message: message.trim() } : {}),
        }),
      );
      if (!outcome.ok) return outcome.errors;
      setMessage('');
      setDone(
        target === 'space' ? 'このスペースでベルを鳴らしました。' : '全員にベルを鳴らしました。',
      );
    });
  };

  return (
    <form className="bell-ringer" aria-label="ベルを鳴らす" onSubmit={submit}>
      <ErrorSummary messages={errors} focusKey={failures} title="ベルを鳴らせませんでした。" />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-target`}>
          鳴らす相手
        </label>
        <select
          id={`${id}-target`}
          value={target}
          onChange={(e) => setTarget(e.target.value === 'space' ? 'space' : 'everyone')}
        >
          <option value="everyone">ワールドの全員</option>
          <option value="space">このスペースの参加者</option>
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-message`}>
          ひとこと（任意）
        </label>
        <input
          id={`${id}-message`}
          maxLength={200}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? '鳴らしています…' : 'ベルを鳴らす'}
      </button>
      <p role="status">{done}</p>
    </form>
  );
}
