// One's status (nowDoing, docs/product.md §4 状態): a preset or a short free text, shown to others
// on one's seat and in the lists; 離席中 by itself after a while with the tab hidden.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkStatus, INTERACTION_LIMITS, STATUS_PRESETS } from '../../../domain/interaction';
import { interactionMutations } from '../../../services/api/interaction-queries';
import {
  AWAY_CHOICES,
  awayAfterMinutes,
  saveAwayAfterMinutes,
  watchAway,
} from '../../../services/away';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { ErrorSummary } from '../form/error-summary';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';

const OTHER = 'other';

export function StatusControl({ world, selfUserId }: { world: WorldActors; selfUserId: string }) {
  const api = useApi();
  const id = useId();
  const current = usePresence(world).get(selfUserId)?.nowDoing ?? null;
  const preset = (STATUS_PRESETS as readonly string[]).includes(current ?? '');
  const [choice, setChoice] = useState<string>(current === null ? '' : preset ? current : OTHER);
  const [text, setText] = useState(preset ? '' : (current ?? ''));
  const [away, setAway] = useState(awayAfterMinutes);
  const { busy, errors, failures, run } = useAction();

  const save = (nowDoing: string | null) =>
    run(async () => {
      const checked = checkStatus(nowDoing);
      if (!checked.ok) return [checked.error];
      const outcome = await request(() =>
        interactionMutations.setStatus(api, world.worldId, nowDoing),
      );
      if (!outcome.ok) return outcome.errors;
    });

  // The status now, for the watcher below, which outlives renders.
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  }, [current]);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(
    () =>
      watchAway({
        page: document,
        delayMs: () => awayAfterMinutes() * 60_000,
        current: () => latest.current,
        set: (nowDoing) => void saveRef.current(nowDoing),
      }),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(choice === OTHER ? text : choice || null);
  };

  return (
    <form className="status-control" aria-label="あなたの状態" onSubmit={submit}>
      <ErrorSummary messages={errors} focusKey={failures} title="状態を変えられませんでした。" />
      <p>
        いまの状態：<span data-testid="own-status">{current ?? '未設定'}</span>
      </p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-choice`}>
          状態
        </label>
        <select id={`${id}-choice`} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">未設定</option>
          {STATUS_PRESETS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
          <option value={OTHER}>その他（自由に入力）</option>
        </select>
      </div>
      {choice === OTHER && (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-text`}>
            状態（{INTERACTION_LIMITS.statusMaxLength}文字まで）
          </label>
          <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        状態を設定
      </button>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-away`}>
          タブを離れてから「離席中」にするまで
        </label>
        <select
          id={`${id}-away`}
          value={away}
          onChange={(e) => {
            const minutes = Number(e.target.value);
            setAway(minutes);
            saveAwayAfterMinutes(minutes);
          }}
        >
          {AWAY_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m}分
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
