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
import { useDisclosure } from '../../hooks/use-disclosure';
import { request, useApi } from '../../hooks/use-api';
import { ErrorSummary } from '../form/error-summary';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';

const OTHER = 'other';

export function StatusControl({ world, selfUserId }: { world: WorldActors; selfUserId: string }) {
  const api = useApi();
  const current = usePresence(world).get(selfUserId)?.nowDoing ?? null;
  const { open, close, buttonProps } = useDisclosure();

  /** The server's refusal, or nothing when the status was set. */
  const save = async (nowDoing: string | null): Promise<string[] | void> => {
    const checked = checkStatus(nowDoing);
    if (!checked.ok) return [checked.error];
    const outcome = await request(() =>
      interactionMutations.setStatus(api, world.worldId, nowDoing),
    );
    if (!outcome.ok) return outcome.errors;
  };

  // The status now and the call, for the watcher below, which outlives renders.
  const latest = useRef({ current, save });
  useEffect(() => {
    latest.current = { current, save };
  });
  useEffect(
    () =>
      watchAway({
        page: document,
        delayMs: () => awayAfterMinutes() * 60_000,
        current: () => latest.current.current,
        set: (nowDoing) => void latest.current.save(nowDoing),
      }),
    [],
  );

  return (
    <section className="status-control" aria-label="あなたの状態">
      <p>いまの状態：{current ?? '未設定'}</p>
      <button type="button" className="button" {...buttonProps}>
        状態を変える
      </button>
      {open && <StatusForm current={current} save={save} onSaved={close} />}
    </section>
  );
}

/** A preset or a free text; opened with the status now chosen. */
function StatusForm({
  current,
  save,
  onSaved,
}: {
  current: string | null;
  save: (nowDoing: string | null) => Promise<string[] | void>;
  onSaved: () => void;
}) {
  const id = useId();
  const preset = (STATUS_PRESETS as readonly string[]).includes(current ?? '');
  const [choice, setChoice] = useState<string>(current === null ? '' : preset ? current : OTHER);
  const [text, setText] = useState(preset ? '' : (current ?? ''));
  const { busy, errors, failures, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => save(choice === OTHER ? text : choice || null))) onSaved();
  };
  return (
    <form aria-label="状態を変える" onSubmit={(event) => void submit(event)}>
      <ErrorSummary messages={errors} focusKey={failures} title="状態を変えられませんでした。" />
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
    </form>
  );
}

/** In 設定: how long the tab stays hidden before the status becomes 離席中 (kept on this device). */
export function AwayAfterSetting() {
  const id = useId();
  const [away, setAway] = useState(awayAfterMinutes);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        タブを離れてから「離席中」にするまで
      </label>
      <select
        id={id}
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
  );
}
