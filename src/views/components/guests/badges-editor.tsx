import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  badgeErrors,
  badgesBody,
  guestLimits,
  moveItem,
  removedBadges,
  type BadgeDraft,
} from '../../../domain/forms/guest-forms';
import { DEFAULT_PALETTE } from '../../../domain/colour';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { ColourPicker } from '../colour-picker';
import { ConfirmDialog } from '../confirm-dialog';
import { ErrorSummary } from '../form/error-summary';
import { Notice } from '../form/notice';
import { SubmitButton } from '../form/submit-button';
import { operationErrors, type World } from '../worlds/world-format';
import { guestMutations, invalidateBadges } from '../../../services/api/guests-queries';

type Badge = components['schemas']['EnterGuestEditableBadge'];
/** A row being edited; `key` keeps React's rows (and the focus) with their badge as they move. */
type Row = BadgeDraft & { key: string };

const rowsOf = (badges: readonly Badge[]): Row[] =>
  badges.map((badge) => ({ key: badge.id, label: badge.label, color: badge.color.toLowerCase() }));

/**
 * The badges a guest may pick on entering (登壇者, 協賛…): add, rename, recolour, reorder and
 * remove, then save the whole list (replaceEnterGuestEditableBadges). Saving asks first when it
 * removes a saved badge, since the guests who picked it lose it.
 */
export function BadgesEditor({ world, saved: initial }: { world: World; saved: readonly Badge[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const formId = useId();
  const [saved, setSaved] = useState<readonly Badge[]>(initial);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(initial));
  const [rowErrors, setRowErrors] = useState<Record<number, string[]>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const nextKey = useRef(0);
  // After a move the row's button is re-inserted in the DOM and loses focus: give it back.
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  useEffect(() => {
    if (focusAfterMove) document.getElementById(focusAfterMove)?.focus();
  }, [focusAfterMove, rows]);

  const idOf = (index: number) => `${formId}-badge-${index}`;
  const edit = (next: Row[]) => {
    setRows(next);
    setDone(false);
    setFocusAfterMove(null);
    // Messages follow the rows once shown: a fixed label loses its message as it is typed.
    if (Object.keys(rowErrors).length > 0) setRowErrors(badgeErrors(next));
  };
  const change = (index: number, patch: Partial<BadgeDraft>) =>
    edit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, offset: number) => {
    const target = index + offset;
    edit(moveItem(rows, index, offset));
    // At an end the button pressed is disabled; the other one takes the focus.
    const atEnd = target === 0 || target === rows.length - 1;
    const button = atEnd ? (offset < 0 ? 'down' : 'up') : offset < 0 ? 'up' : 'down';
    setFocusAfterMove(`${idOf(target)}-${button}`);
  };
  const add = () => {
    const key = `new-${nextKey.current++}`;
    // A colour of its own for each new badge, skipping the palette's black and white.
    const color = DEFAULT_PALETTE[2 + (rows.length % (DEFAULT_PALETTE.length - 2))] ?? '#1976d2';
    edit([...rows, { key, label: '', color }]);
    setFocusAfterMove(`${idOf(rows.length)}-label`);
  };

  const save = async () => {
    setConfirming(null);
    setSaving(true);
    const outcome = await request(() => guestMutations.saveBadges(api, world.id, badgesBody(rows)));
    setSaving(false);
    if (!outcome.ok) {
      setServerErrors(operationErrors(outcome));
      setFailures((n) => n + 1);
      return;
    }
    void invalidateBadges(queryClient, world.id);
    setSaved(outcome.data.items);
    setRows(rowsOf(outcome.data.items));
    setServerErrors([]);
    setDone(true);
  };

  const submit = () => {
    const found = badgeErrors(rows);
    setRowErrors(found);
    if (Object.keys(found).length > 0) {
      setServerErrors([]);
      setFailures((n) => n + 1);
      return;
    }
    const removed = removedBadges(saved, rows);
    if (removed.length > 0) setConfirming(removed);
    else void save();
  };

  const summary = Object.fromEntries(
    Object.entries(rowErrors).map(([index, messages]) => [String(index), messages]),
  );
  const summaryLabels = Object.fromEntries(
    rows.map((row, index) => [
      String(index),
      `バッジ${index + 1}（${row.label.trim() || '名前なし'}）`,
    ]),
  );

  return (
    <>
      <form
        className="form"
        noValidate
        aria-labelledby={`${formId}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id={`${formId}-heading`}>バッジ</h3>
        <p>
          ゲストが入場するときに選べるバッジです（例：登壇者、協賛）。上にあるものから順に表示されます。
          {guestLimits.badges}個まで。
        </p>
        <ErrorSummary
          fieldErrors={summary}
          labels={summaryLabels}
          idOf={(index) => `${idOf(Number(index))}-label`}
          messages={serverErrors}
          focusKey={failures}
          title="バッジを保存できませんでした。"
        />
        {rows.length === 0 ? (
          <p className="list-empty">バッジはありません。ゲストは何も選ばずに入場します。</p>
        ) : (
          <ol className="membership-list" aria-label="バッジ">
            {rows.map((row, index) => {
              const id = idOf(index);
              const errors = rowErrors[index];
              const name = row.label.trim() || `バッジ${index + 1}`;
              return (
                <li key={row.key} className="membership-item">
                  <div className="field">
                    <label className="field-label" htmlFor={`${id}-label`}>
                      バッジ{index + 1}の名前
                    </label>
                    <input
                      id={`${id}-label`}
                      className="field-control"
                      value={row.label}
                      maxLength={guestLimits.badgeLabel}
                      autoComplete="off"
                      aria-invalid={errors ? true : undefined}
                      aria-describedby={errors ? `${id}-error` : undefined}
                      onChange={(event) => change(index, { label: event.target.value })}
                    />
                    {errors && (
                      <ul className="field-errors" id={`${id}-error`}>
                        {errors.map((message) => (
                          <li key={message}>{message}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <ColourPicker
                    label={`「${name}」の色`}
                    value={row.color}
                    onChange={(color) => change(index, { color })}
                  />
                  <div className="membership-item-actions">
                    <button
                      type="button"
                      id={`${id}-up`}
                      className="button"
                      aria-label={`「${name}」を上へ`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      上へ
                    </button>
                    <button
                      type="button"
                      id={`${id}-down`}
                      className="button"
                      aria-label={`「${name}」を下へ`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      下へ
                    </button>
                    <button
                      type="button"
                      className="button"
                      aria-label={`「${name}」を外す`}
                      onClick={() => edit(rows.filter((_, i) => i !== index))}
                    >
                      外す
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <div className="membership-item-actions">
          <button
            type="button"
            className="button"
            disabled={rows.length >= guestLimits.badges}
            onClick={add}
          >
            バッジを追加
          </button>
          <SubmitButton submitting={saving} busyLabel="保存しています…">
            バッジを保存
          </SubmitButton>
        </div>
        {done && (
          <Notice>
            <p>バッジを保存しました。</p>
          </Notice>
        )}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="バッジを削除しますか？"
        confirmLabel="削除して保存"
        busyLabel="保存しています…"
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          次のバッジを削除します。このバッジを選んでいたゲストからは外れます（名前を変えたバッジも、元の名前のバッジは削除されます）。
        </p>
        <ul>
          {confirming?.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}
