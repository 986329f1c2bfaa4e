// The world's layout as a map (ADR 015, docs/product.md §3): every space with who is in it now
// (the realtime presence), and moving to a space by clicking it or by its button in the list.
// The drawn map is for the eye and the mouse; the list beside it says and does the same with
// headings and buttons, so the map is usable by keyboard and screen reader alone.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { layoutQueries } from '../../../services/api/layouts-queries';
import type { components } from '../../../services/api/schema';
import type { RealtimeMember } from '../../../domain/realtime';
import type { Presence } from '../../../services/realtime/presence';
import {
  isMoving,
  selectCurrentSpaceId,
  selectMapViewMode,
  selectMessage,
  selectSelfUserId,
} from '../../../machines/meeting.selectors';
import { useQueryApi } from '../../hooks/use-api-query';
import { QueryState } from '../query-state';
import { MapPeople, type PeopleMarks } from './map-people';
import { ListeningBanner, TableListeners } from './listening';
import { SpaceItem } from './map-space-item';
import { MapViewport, type MapRect } from './map-viewport';
import { useRoving } from './roving';
import { SeatWaitNotice, useSeatWaits } from './seat-wait';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';

type Layout = components['schemas']['Layout'];
type Space = Layout['spaces'][number];

// One collator for every sort: localeCompare with a locale builds one per comparison.
const byName = new Intl.Collator('ja');

/** Who is in each space now, by space id, in name order. */
function membersBySpace(presence: Presence): Map<string, RealtimeMember[]> {
  const by = new Map<string, RealtimeMember[]>();
  for (const member of presence.values()) {
    if (!member.spaceId) continue;
    const list = by.get(member.spaceId);
    if (list) list.push(member);
    else by.set(member.spaceId, [member]);
  }
  for (const list of by.values()) list.sort((a, b) => byName.compare(a.name, b.name));
  return by;
}

/** Where a space lies in its layout, in fractions of it. */
const fractionOf = (space: Space, layout: Layout): MapRect => ({
  left: space.x / layout.width,
  top: space.y / layout.height,
  width: space.width / layout.width,
  height: space.height / layout.height,
});

const percentOf = (rect: MapRect) => ({
  left: `${rect.left * 100}%`,
  top: `${rect.top * 100}%`,
  width: `${rect.width * 100}%`,
  height: `${rect.height * 100}%`,
});

/**
 * What a screen reader hears from the map when others leave the visitor's space. Who comes is
 * announced once, by the enter notices (enter-notices.tsx), not here as well.
 */
export function departures(
  before: readonly RealtimeMember[],
  after: readonly RealtimeMember[],
  spaceName: string,
): string[] {
  const is = new Set(after.map((m) => m.userId));
  return before
    .filter((m) => !is.has(m.userId))
    .map((m) => `${m.name}さんが「${spaceName}」を離れました。`);
}

export function WorldMap({
  world,
  marks,
  canModerate,
}: {
  world: WorldActors;
  /** Who speaks and whose microphone is off, of one's own space. */
  marks: PeopleMarks;
  /** Owner or staff: each table's listening switch (ADR 038). */
  canModerate: boolean;
}) {
  // Hundreds moving: the map is drawn again in the background, in slices that leave the page
  // responsive, rather than at once at every move (bench:world).
  const presence = useDeferredValue(usePresence(world));
  const { meeting } = world;
  const shown = useSelector(meeting, selectMapViewMode);
  const query = useQuery(layoutQueries.show(useQueryApi(), world.worldId));
  const { refetch } = query;
  // A saved layout reaches everyone in the world at once.
  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type === 'world.layoutUpdated') void refetch();
      }),
    [world.messages, refetch],
  );

  return (
    <section className="world-map" aria-labelledby="world-map-title">
      <div className="world-map-head">
        <h2 id="world-map-title">会場マップ</h2>
        <button
          type="button"
          className="button"
          aria-expanded={shown}
          aria-controls="world-map-body"
          onClick={() =>
            meeting.send({ type: 'meeting.settingsChanged', settings: { mapViewMode: !shown } })
          }
        >
          {shown ? 'マップを隠す' : 'マップを表示'}
        </button>
      </div>
      <div id="world-map-body" hidden={!shown}>
        <QueryState query={query} what="会場マップ">
          {(layout) => (
            <MapBody
              world={world}
              layout={layout}
              presence={presence}
              marks={marks}
              canModerate={canModerate}
            />
          )}
        </QueryState>
      </div>
    </section>
  );
}

function MapBody({
  world,
  layout,
  presence,
  marks,
  canModerate,
}: {
  world: WorldActors;
  layout: Layout;
  presence: Presence;
  marks: PeopleMarks;
  canModerate: boolean;
}) {
  const { meeting } = world;
  const currentId = useSelector(meeting, selectCurrentSpaceId);
  const selfUserId = useSelector(meeting, selectSelfUserId);
  const moving = useSelector(meeting, isMoving);
  const message = useSelector(meeting, selectMessage);
  const bySpace = useMemo(() => membersBySpace(presence), [presence]);
  const current = layout.spaces.find((s) => s.id === currentId);
  const move = (spaceId: string) => meeting.send({ type: 'meeting.move', spaceId });
  const announcement = useAnnouncement(
    current,
    (current && bySpace.get(current.id)?.filter((m) => m.userId !== selfUserId)) ?? [],
  );
  const seats = useSeatWaits(world);
  const roving = useRoving(layout.spaces.findIndex((s) => s.id === currentId));
  // The space the keyboard is on in the list: outlined on the map, its people named, in view.
  const [focused, setFocused] = useState<number | null>(null);
  const [shown, setShown] = useState<MapRect | null>(null);

  return (
    <>
      <p className="world-map-here" role="status">
        {moving ? '移動しています…' : current ? `いまいる場所: ${current.name}` : ''}
      </p>
      <ListeningBanner world={world} spaces={layout.spaces} />
      {current?.kind === 'table' && <TableListeners world={world} spaceId={current.id} />}
      {message && (
        <p className="device-error" role="alert">
          {message}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <SeatWaitNotice
        freed={seats.freed}
        errors={seats.errors}
        onMove={move}
        onDismiss={seats.dismiss}
      />
      <div className="world-map-columns">
        {/* The drawn map repeats the list beside it for the eye and the mouse; it is fitted
            whole into the room the page leaves it, and zooms and pans (map-viewport.tsx). */}
        <MapViewport
          ratio={layout.width / layout.height}
          canvasStyle={{
            backgroundColor: layout.backgroundColor,
            backgroundImage: layout.backgroundImageUrl
              ? `url(${JSON.stringify(layout.backgroundImageUrl)})`
              : undefined,
          }}
          show={shown}
        >
          {layout.spaces.map((space, index) => (
            <button
              key={space.id}
              type="button"
              tabIndex={-1}
              className={`world-map-space world-map-${space.kind}${space.id === currentId ? ' is-current' : ''}${index === focused ? ' is-focused' : ''}`}
              data-space-name={space.name}
              style={percentOf(fractionOf(space, layout))}
              onClick={() => move(space.id)}
            >
              <span className="world-map-name">{space.name}</span>
              <span className="world-map-count">
                {bySpace.get(space.id)?.length ?? 0}/{space.capacity}
              </span>
              <MapPeople
                kind={space.kind}
                capacity={space.capacity}
                members={bySpace.get(space.id) ?? []}
                marks={marks}
                reactions={world.reactions}
                selfUserId={selfUserId}
              />
            </button>
          ))}
        </MapViewport>
        <ul
          className="world-map-list"
          aria-label="スペースの一覧"
          aria-describedby="world-map-keys"
          onKeyDown={roving.onKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {layout.spaces.map((space, index) => (
            <SpaceItem
              key={space.id}
              world={world}
              space={space}
              members={bySpace.get(space.id) ?? []}
              current={space.id === currentId}
              active={index === roving.active}
              waiting={seats.waiting.has(space.id)}
              canModerate={canModerate}
              onMove={() => move(space.id)}
              onFocus={() => {
                roving.setActive(index);
                setFocused(index);
                setShown(fractionOf(space, layout));
              }}
              onWait={(wait) => seats.toggle(space.id, wait)}
            />
          ))}
        </ul>
        <p id="world-map-keys" className="visually-hidden">
          矢印キーでスペースを選び、Enterでそこへ移動します。
        </p>
      </div>
    </>
  );
}

/**
 * The latest departures from the visitor's space, for the live region. Moving to another space
 * starts over without announcing everyone who is not there.
 */
function useAnnouncement(space: Space | undefined, members: RealtimeMember[]): string {
  const [text, setText] = useState('');
  const previous = useRef<{ spaceId: string | null; members: RealtimeMember[] }>({
    spaceId: null,
    members: [],
  });
  const key = members.map((m) => m.userId).join(',');
  useEffect(() => {
    const before = previous.current;
    previous.current = { spaceId: space?.id ?? null, members };
    if (!space || before.spaceId !== space.id) return;
    const gone = departures(before.members, members, space.name);
    if (gone.length > 0) setText(gone.join(' '));
    // members is read through key: a new array with the same people is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [space?.id, space?.name, key]);
  return text;
}
