// Listening in (hearingTable, docs/product.md §4 テーブルを聞く, ADR 038): 「「…」を聞く」 on the map,
// what the listener sees while listening (with 聞くのをやめる), who listens as the table sees it,
// and owner and staff's switch per table.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { listeningTexts } from '../../../domain/listening';
import {
  canListen,
  canStopListening,
  selectHearingTable,
} from '../../../machines/meeting.selectors';
import {
  interactionMutations,
  interactionQueries,
  invalidateListeners,
} from '../../../services/api/interaction-queries';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ErrorSummary } from '../form/error-summary';
import type { WorldActors } from './world-actors';

/** 「「…」を聞く」: offered for a table with someone there, open to listening. */
export function ListenButton({
  world,
  spaceId,
  name,
  tabIndex,
}: {
  world: WorldActors;
  spaceId: string;
  name: string;
  tabIndex: number;
}) {
  const { meeting } = world;
  const can = useSelector(
    meeting,
    useMemo(() => canListen(spaceId), [spaceId]),
  );
  return (
    <button
      type="button"
      className="button"
      tabIndex={tabIndex}
      disabled={!can}
      onClick={() => meeting.send({ type: 'meeting.listen', spaceId })}
    >
      {listeningTexts.listen(name)}
    </button>
  );
}

/** While listening: which table, that nothing is sent, and the one action that stops. */
export function ListeningBanner({
  world,
  spaces,
}: {
  world: WorldActors;
  spaces: readonly { id: string; name: string }[];
}) {
  const { meeting } = world;
  const table = useSelector(meeting, selectHearingTable);
  const canStop = useSelector(meeting, canStopListening);
  if (table === null) return null;
  const name = spaces.find((s) => s.id === table)?.name ?? '';
  return (
    <div className="listening-banner" role="status">
      <p>{listeningTexts.listening(name)}</p>
      <button
        type="button"
        className="button"
        disabled={!canStop}
        onClick={() => meeting.send({ type: 'meeting.stopListening' })}
      >
        {listeningTexts.stop}
      </button>
    </div>
  );
}

/** At a table: 「聞いている人 N人」 with their names, as they come and go. */
export function TableListeners({ world, spaceId }: { world: WorldActors; spaceId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(interactionQueries.listeners(useQueryApi(), world.worldId, spaceId));
  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'listeners.changed' && message.spaceId === spaceId)
          void invalidateListeners(queryClient, world.worldId, spaceId);
      }),
    [world, spaceId, queryClient],
  );
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="table-listeners" aria-labelledby="table-listeners-title">
      <h3 id="table-listeners-title">{listeningTexts.listeners(items.length)}</h3>
      <ul aria-label="聞いている人">
        {items.map((l) => (
          <li key={l.userId}>{l.name}</li>
        ))}
      </ul>
    </section>
  );
}

/** Owner and staff: open or close one table to listening in. */
export function ListeningSwitch({
  worldId,
  space,
  tabIndex,
}: {
  worldId: string;
  space: { id: string; name: string; listenable?: boolean };
  tabIndex: number;
}) {
  const api = useApi();
  const { busy, errors, failures, run } = useAction();
  const listenable = space.listenable !== false;
  const toggle = () =>
    void run(async () => {
      const outcome = await request(() =>
        interactionMutations.setTableListening(api, worldId, space.id, !listenable),
      );
      if (!outcome.ok) return outcome.errors;
    });
  return (
    <>
      <button type="button" className="button" tabIndex={tabIndex} disabled={busy} onClick={toggle}>
        {listenable ? listeningTexts.forbid(space.name) : listeningTexts.allow(space.name)}
      </button>
      <ErrorSummary messages={errors} focusKey={failures} title="変更できませんでした。" />
    </>
  );
}
