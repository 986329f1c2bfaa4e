import { useSelector } from '@xstate/react';
import { memo, useMemo, type KeyboardEvent } from 'react';
import { samePeople } from '../../../domain/avatar';
import { interactionTexts } from '../../../domain/interaction';
import type { RealtimeMember } from '../../../domain/realtime';
import { canMoveTo } from '../../../machines/meeting.selectors';
import type { components } from '../../../services/api/schema';
import { ListenButton, ListeningSwitch } from './listening';
import type { WorldActors } from './world-actors';

type Space = components['schemas']['Layout']['spaces'][number];

const KIND_LABEL: Record<Space['kind'], string> = {
  hall: 'ホール',
  stage: 'ステージ',
  table: 'テーブル',
};

/** 「残りN席」, or 「満席」 when no seat is left. */
const seatsLeft = (seated: number, capacity: number) =>
  seated >= capacity ? '満席' : `残り${capacity - seated}席`;

export interface SpaceItemProps {
  world: WorldActors;
  space: Space;
  members: RealtimeMember[];
  current: boolean;
  /** The list's one stop in the Tab order (roving tabindex): arrow keys move it. */
  active: boolean;
  /** Waiting for a seat of this table (空いたら知らせる). */
  waiting: boolean;
  /** Owner or staff: the table's listening switch (ADR 038). */
  canModerate: boolean;
  onMove: () => void;
  onFocus: () => void;
  onWait: (wait: boolean) => void;
}

/** One space of the list, rendered again only when what it shows changes. */
export const SpaceItem = memo(
  SpaceItemView,
  (a, b) =>
    a.world === b.world &&
    a.space === b.space &&
    a.current === b.current &&
    a.active === b.active &&
    a.waiting === b.waiting &&
    a.canModerate === b.canModerate &&
    samePeople(a.members, b.members),
);

function SpaceItemView({
  world,
  space,
  members,
  current,
  active,
  waiting,
  canModerate,
  onMove,
  onFocus,
  onWait,
}: SpaceItemProps) {
  const canMove = useSelector(
    world.meeting,
    useMemo(() => canMoveTo(space.id), [space.id]),
  );
  const full = members.length >= space.capacity;
  const headingId = `space-${space.id}`;
  const tabIndex = active ? 0 : -1;
  // Enter on the item itself moves there; on a button inside, the button acts.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!current && canMove) onMove();
  };
  return (
    <li
      className={`world-map-item${current ? ' is-current' : ''}`}
      aria-labelledby={headingId}
      data-space-item=""
      tabIndex={tabIndex}
      onFocus={(event) => event.target === event.currentTarget && onFocus()}
      onKeyDown={onKeyDown}
    >
      <h3 id={headingId}>
        {space.name}
        <span className="world-map-kind">
          （{KIND_LABEL[space.kind]}・{members.length}/{space.capacity}席・
          {seatsLeft(members.length, space.capacity)}）
        </span>
      </h3>
      {members.length > 0 ? (
        <ul className="world-map-members" aria-label={`${space.name}にいる人`}>
          {members.map((m) => (
            <li key={m.userId}>
              {m.nowDoing ? interactionTexts.status(m.name, m.nowDoing) : m.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="world-map-empty">だれもいません</p>
      )}
      {current ? (
        <p className="world-map-current">ここにいます</p>
      ) : full && space.kind === 'table' ? (
        <button
          type="button"
          className="button"
          tabIndex={tabIndex}
          onClick={() => onWait(!waiting)}
        >
          {waiting ? '空き待ちをやめる' : '空いたら知らせる'}
        </button>
      ) : (
        <button
          type="button"
          className="button"
          tabIndex={tabIndex}
          disabled={!canMove}
          onClick={onMove}
        >
          「{space.name}」に移動
        </button>
      )}
      {space.kind === 'table' && !current && members.length > 0 && space.listenable !== false && (
        <ListenButton world={world} spaceId={space.id} name={space.name} tabIndex={tabIndex} />
      )}
      {space.kind === 'table' && canModerate && (
        <ListeningSwitch worldId={world.worldId} space={space} tabIndex={tabIndex} />
      )}
    </li>
  );
}
