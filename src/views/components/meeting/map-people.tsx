// The people of one space as the map draws them (aria-hidden with the map: the list beside it says
// who is where): an avatar each (their icon, else their initials on a colour), at a seat around a
// table, in rows in the hall and on the stage; a ring while they speak, a mark while their
// microphone is off (another when owner or staff forced it off), their status and their reaction.
import { memo, type CSSProperties } from 'react';
import { avatarColourOf, micMarkOf, samePeople, seatAt } from '../../../domain/avatar';
import type { RealtimeMember } from '../../../domain/realtime';
import type { ReactionStore } from '../../../services/realtime/reactions';
import { AvatarFace } from './person-icon';
import { ReactionMark } from './reactions';

/** What the meeting says of the people of one's own space, by user id. */
export interface PeopleMarks {
  muted: ReadonlySet<string>;
  /** The microphone forced off by owner or staff (管理者によりオフ). */
  forced: ReadonlySet<string>;
  speaking: ReadonlySet<string>;
}

/** More than this in a hall or on a stage: the rest are counted, so hundreds stay legible. */
const MOST_DRAWN = 40;

function Person({
  member,
  marks,
  reactions,
  self,
  style,
}: {
  member: RealtimeMember;
  marks: PeopleMarks;
  reactions: ReactionStore;
  self: boolean;
  style?: CSSProperties;
}) {
  const mic = micMarkOf(member.userId, marks);
  const classes = [
    'map-person',
    self && 'is-self',
    marks.speaking.has(member.userId) && 'is-speaking',
    mic && `is-${mic}`,
  ].filter(Boolean);
  return (
    <span
      className={classes.join(' ')}
      data-user-id={member.userId}
      style={{ ...style, backgroundColor: avatarColourOf(member.userId) }}
    >
      {/* The name is the avatar's label (map-person-name): the image says nothing more. */}
      <AvatarFace name={member.name} iconUrl={member.iconUrl} />
      <span className="map-person-name">
        {member.name}
        {mic === 'forced' && '（マイク: 管理者によりオフ）'}
      </span>
      {member.nowDoing && <span className="map-person-status">{member.nowDoing}</span>}
      <ReactionMark reactions={reactions} userId={member.userId} />
    </span>
  );
}

type Props = {
  kind: 'hall' | 'stage' | 'table';
  capacity: number;
  members: readonly RealtimeMember[];
  marks: PeopleMarks;
  reactions: ReactionStore;
  selfUserId: string;
};

/** Drawn again only when its people or their marks change, not at every move elsewhere. */
export const MapPeople = memo(
  MapPeopleView,
  (a: Props, b: Props) =>
    a.kind === b.kind &&
    a.capacity === b.capacity &&
    a.marks === b.marks &&
    a.reactions === b.reactions &&
    a.selfUserId === b.selfUserId &&
    samePeople(a.members, b.members),
);

function MapPeopleView({ kind, capacity, members, marks, reactions, selfUserId }: Props) {
  if (kind === 'table')
    return (
      <span className="map-people map-people-table">
        {members.map((member, i) => {
          const seat = seatAt(i, Math.max(capacity, members.length));
          return (
            <Person
              key={member.userId}
              member={member}
              marks={marks}
              reactions={reactions}
              self={member.userId === selfUserId}
              style={{ left: `${seat.left}%`, top: `${seat.top}%` }}
            />
          );
        })}
      </span>
    );
  const drawn = members.slice(0, MOST_DRAWN);
  return (
    <span className="map-people map-people-rows">
      {drawn.map((member) => (
        <Person
          key={member.userId}
          member={member}
          marks={marks}
          reactions={reactions}
          self={member.userId === selfUserId}
        />
      ))}
      {members.length > drawn.length && (
        <span className="map-people-more">+{members.length - drawn.length}人</span>
      )}
    </span>
  );
}
