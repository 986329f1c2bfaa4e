import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { meetingMutations, meetingQueries } from '../../../services/api/meetings-queries';
import type { components } from '../../../services/api/schema';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ErrorSummary } from '../form/error-summary';
import type { WorldActors } from './world-actors';

type Board = components['schemas']['InformationBoard'];

/**
 * The world's information board: everyone inside reads it while it is shown; owner and staff
 * edit it here. A change by anyone reaches every page at once (world.informationBoardUpdated,
 * then the board is read again: the message carries no body, so a hidden board never leaks).
 */
export function InformationBoard({
  world,
  initial,
  canEdit,
}: {
  world: WorldActors;
  initial: Board;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const options = meetingQueries.informationBoard(useQueryApi(), world.worldId);
  // The world page's read is the first answer; a failed read again keeps the board shown.
  const { data: board = initial, refetch } = useQuery({ ...options, initialData: initial });
  const [editing, setEditing] = useState(false);
  const titleId = useId();

  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'world.informationBoardUpdated') void refetch();
      }),
    [world.messages, refetch],
  );

  if (!board.visible && !canEdit) return null;
  return (
    <section className="information-board" aria-labelledby={titleId}>
      <h2 id={titleId}>お知らせ</h2>
      {!board.visible && <p className="questionnaire-note">非表示中です。参加者には見えません。</p>}
      <div aria-live="polite">
        {board.body ? (
          <p className="information-board-body">{board.body}</p>
        ) : (
          <p className="questionnaire-note">お知らせはまだありません。</p>
        )}
      </div>
      {canEdit &&
        (editing ? (
          <BoardForm
            worldId={world.worldId}
            board={board}
            onSaved={(saved) => {
              queryClient.setQueryData(options.queryKey, saved);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            お知らせを編集
          </button>
        ))}
    </section>
  );
}

function BoardForm({
  worldId,
  board,
  onSaved,
  onCancel,
}: {
  worldId: string;
  board: Board;
  onSaved: (board: Board) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const id = useId();
  const { busy, errors, failures, run } = useAction();
  const [body, setBody] = useState(board.body);
  const [visible, setVisible] = useState(board.visible);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const outcome = await request(() =>
        meetingMutations.updateInformationBoard(api, worldId, { body: body.trim(), visible }),
      );
      if (!outcome.ok) return outcome.errors;
      onSaved(outcome.data);
    });
  };

  return (
    <form onSubmit={submit} aria-label="お知らせの編集" className="bell-ringer">
      <ErrorSummary
        messages={errors}
        focusKey={failures}
        title="お知らせを保存できませんでした。"
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-body`}>
          お知らせの本文
        </label>
        <textarea
          id={`${id}-body`}
          rows={4}
          maxLength={5000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <label className="bell-sound">
        <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />{' '}
        参加者に表示する
      </label>
      <div className="meeting-bar">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? '保存しています…' : 'お知らせを保存する'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          キャンセル
        </button>
      </div>
    </form>
  );
}
