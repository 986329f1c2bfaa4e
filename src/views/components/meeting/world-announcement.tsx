import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { STAGE_QUESTION_LIMITS } from '../../../domain/stage-questions';
import { stageMutations, stageQueries } from '../../../services/api/stage-queries';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ErrorSummary } from '../form/error-summary';
import type { WorldActors } from './world-actors';

/** The announcement now, kept current from world.announcement (nothing read again). */
function useAnnouncement(world: WorldActors) {
  const queryClient = useQueryClient();
  const options = stageQueries.announcement(useQueryApi(), world.worldId);
  const { queryKey } = options;
  const { data } = useQuery(options);
  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'world.announcement')
          queryClient.setQueryData(queryKey, { announcement: message.announcement });
      }),
    [world.messages, queryClient, queryKey],
  );
  return {
    announcement: data?.announcement ?? null,
    set: (announcement: NonNullable<typeof data>['announcement']) =>
      queryClient.setQueryData(queryKey, { announcement }),
  };
}

/**
 * 全体へのお知らせ (docs/product.md §4): shown in every space above the map until owner or staff
 * take it down, said politely to screen readers when it comes.
 */
export function AnnouncementBanner({ world }: { world: WorldActors }) {
  const { announcement } = useAnnouncement(world);
  return (
    <div role="status" className="world-announcement-area">
      {announcement && (
        <p className="world-announcement">
          📢 {announcement.fromName}さんからのお知らせ：{announcement.body}
        </p>
      )}
    </div>
  );
}

/** Owner and staff: post the announcement (replacing the one shown), or take it down. */
export function AnnouncementForm({ world }: { world: WorldActors }) {
  const api = useApi();
  const id = useId();
  const { announcement, set } = useAnnouncement(world);
  const { busy, errors, failures, run } = useAction();
  const [body, setBody] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const outcome = await request(() => stageMutations.announce(api, world.worldId, body));
      if (!outcome.ok) return outcome.errors;
      set(outcome.data.announcement);
      setBody('');
    });
  };
  const takeDown = () =>
    void run(async () => {
      const outcome = await request(() => stageMutations.takeDownAnnouncement(api, world.worldId));
      if (!outcome.ok) return outcome.errors;
      set(null);
    });

  return (
    <form className="bell-ringer" aria-label="全体へのお知らせ" onSubmit={submit}>
      <h3>全体へのお知らせ</h3>
      <ErrorSummary messages={errors} focusKey={failures} title="お知らせを出せませんでした。" />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-body`}>
          すべてのスペースに表示する文（{STAGE_QUESTION_LIMITS.announcementMaxLength}文字まで）
        </label>
        <input id={`${id}-body`} value={body} onChange={(e) => setBody(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        お知らせを出す
      </button>
      {announcement && (
        <button type="button" className="button-link" disabled={busy} onClick={takeDown}>
          お知らせを取り下げる
        </button>
      )}
    </form>
  );
}
