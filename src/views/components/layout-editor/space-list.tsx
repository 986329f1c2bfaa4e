import { useEffect, useRef, useState } from 'react';
import {
  GRID,
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  MAX_SEATS,
  MAX_SPACE_NAME,
  spaceKindLabels,
} from '../../../domain/layout';
import type { DraftSpace, LayoutEdit } from '../../../domain/layout-edit';
import { NumberField } from './number-field';

export interface SpaceListProps {
  spaces: DraftSpace[];
  selection: string[];
  /** The problems of each space, by key, shown beside it. */
  problems: ReadonlyMap<string, string[]>;
  onSelect: (keys: string[]) => void;
  onEdit: (edit: LayoutEdit) => void;
}

/**
 * The spaces as a list of fields: everything the canvas does can be done here by keyboard (add,
 * rename, seats, position and size, duplicate, delete, select for the toolbar).
 */
export function SpaceList({ spaces, selection, problems, onSelect, onEdit }: SpaceListProps) {
  // After 追加, the new space's name field takes the focus (the count of spaces when it was pressed).
  const [addedAt, setAddedAt] = useState<number | null>(null);
  const add = (spaceKind: 'table' | 'stage') => {
    setAddedAt(spaces.length);
    onEdit({ kind: 'add', spaceKind });
  };
  return (
    <section className="editor-space-list" aria-labelledby="space-list-heading">
      <h2 id="space-list-heading">スペースの一覧</h2>
      <div className="button-row">
        <button type="button" className="button" onClick={() => add('table')}>
          テーブルを追加
        </button>
        <button type="button" className="button" onClick={() => add('stage')}>
          ステージを追加
        </button>
      </div>
      <ul>
        {spaces.map((s, i) => (
          <SpaceItem
            key={s.key}
            focusName={addedAt !== null && i === addedAt}
            onFocused={() => setAddedAt(null)}
            space={s}
            selected={selection.includes(s.key)}
            problems={problems.get(s.key) ?? []}
            onSelect={(on) =>
              onSelect(on ? [...selection, s.key] : selection.filter((k) => k !== s.key))
            }
            onEdit={onEdit}
          />
        ))}
      </ul>
    </section>
  );
}

function SpaceItem(props: {
  space: DraftSpace;
  focusName: boolean;
  onFocused: () => void;
  selected: boolean;
  problems: string[];
  onSelect: (on: boolean) => void;
  onEdit: (edit: LayoutEdit) => void;
}) {
  const { space: s, selected, problems, onSelect, onEdit, focusName, onFocused } = props;
  const name = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusName) return;
    name.current?.focus();
    onFocused();
  }, [focusName, onFocused]);
  const errorsId = `space-${s.key}-errors`;
  const describedBy = problems.length > 0 ? errorsId : undefined;
  const title = `${spaceKindLabels[s.kind]}「${s.name}」`;
  const move = (x: number, y: number) =>
    onEdit({ kind: 'move', keys: [s.key], dx: x - s.x, dy: y - s.y });
  const resize = (width: number, height: number) =>
    onEdit({ kind: 'resize', key: s.key, x: s.x, y: s.y, width, height });
  return (
    <li className="editor-space-item" data-selected={selected || undefined}>
      <fieldset aria-describedby={describedBy}>
        <legend>{title}</legend>
        <label className="editor-space-select">
          <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
          選択
        </label>
        <label className="editor-space-name-field">
          名前
          <input
            ref={name}
            value={s.name}
            maxLength={MAX_SPACE_NAME + 10}
            aria-invalid={problems.length > 0 || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onEdit({ kind: 'rename', key: s.key, name: e.target.value })}
          />
        </label>
        <div className="editor-space-numbers">
          <NumberField
            label="席数"
            value={s.capacity}
            min={1}
            max={MAX_SEATS}
            step={1}
            describedBy={describedBy}
            onCommit={(capacity) => onEdit({ kind: 'capacity', key: s.key, capacity })}
          />
          <NumberField
            label="横位置"
            value={s.x}
            min={0}
            max={LAYOUT_WIDTH - s.width}
            step={GRID}
            onCommit={(x) => move(x, s.y)}
          />
          <NumberField
            label="縦位置"
            value={s.y}
            min={0}
            max={LAYOUT_HEIGHT - s.height}
            step={GRID}
            onCommit={(y) => move(s.x, y)}
          />
          <NumberField
            label="幅"
            value={s.width}
            min={GRID}
            max={LAYOUT_WIDTH}
            step={GRID}
            onCommit={(width) => resize(width, s.height)}
          />
          <NumberField
            label="高さ"
            value={s.height}
            min={GRID}
            max={LAYOUT_HEIGHT}
            step={GRID}
            onCommit={(height) => resize(s.width, height)}
          />
        </div>
        {s.kind !== 'hall' && (
          <div className="button-row">
            <button
              type="button"
              className="button"
              aria-label={`${title}を複製`}
              onClick={() => onEdit({ kind: 'duplicate', keys: [s.key] })}
            >
              複製
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-label={`${title}を削除`}
              onClick={() => onEdit({ kind: 'remove', keys: [s.key] })}
            >
              削除
            </button>
          </div>
        )}
        {problems.length > 0 && (
          <ul id={errorsId} className="field-errors">
            {problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </fieldset>
    </li>
  );
}
