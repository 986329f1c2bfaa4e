import { useEffect, useRef, useState } from 'react';
import { activeSpeaker } from '../../../domain/active-speaker';
import type { MeetingSession, VideoTile } from '../../../services/meeting/provider';
import type { Presence } from '../../../services/realtime/presence';
import type { ReactionStore } from '../../../services/realtime/reactions';
import { ReactionMark } from './reactions';
import { StreamVideo } from './stream-video';

function TileVideo({
  session,
  tile,
  name,
  reactions,
  speaker,
}: {
  session: MeetingSession;
  tile: VideoTile;
  name: string;
  reactions: ReactionStore;
  /** The active speaker's camera: shown larger. */
  speaker: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    session.bindVideoElement(tile.tileId, video);
    return () => session.unbindVideoElement(tile.tileId);
  }, [session, tile.tileId]);
  const label = tile.isContent
    ? `${name}さんの画面共有`
    : tile.isLocal
      ? 'あなたのカメラ'
      : `${name}さんのカメラ`;
  return (
    <figure
      className={`tile ${tile.isContent ? 'tile-content' : ''} ${tile.active ? '' : 'tile-paused'} ${speaker ? 'is-speaker' : ''}`}
      data-tile={tile.isLocal ? 'local' : tile.isContent ? 'content' : 'remote'}
    >
      <video ref={ref} aria-label={label} autoPlay playsInline muted={tile.isLocal} />
      {!tile.isContent && <ReactionMark reactions={reactions} userId={tile.userId} />}
      <figcaption>
        {label}
        {!tile.active && '（カメラはオフです）'}
      </figcaption>
    </figure>
  );
}

/** The meeting's audio: one element for every remote voice, bound once per session. */
export function MeetingAudio({ session }: { session: MeetingSession }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current) void session.bindAudioElement(ref.current);
  }, [session]);
  return <audio ref={ref} className="meeting-audio" autoPlay data-meeting-audio="" />;
}

/** The active speaker (attendee id) as the speakers change, kept between renders. */
function useActiveSpeaker(speaking: ReadonlySet<string>): string | null {
  const [state, setState] = useState({
    speaking,
    active: activeSpeaker(null, new Set(), speaking),
  });
  if (state.speaking === speaking) return state.active;
  const active = activeSpeaker(state.active, state.speaking, speaking);
  setState({ speaking, active });
  return active;
}

/**
 * The screens shared in one's space (one's own first, then the others'), then the cameras, one's
 * own first and the active speaker's larger. While something is shared it takes the main area
 * (docs/decisions/040-main-area-and-owner-menu.md), the cameras a strip beside it.
 */
export function VideoTiles({
  session,
  tiles,
  presence,
  reactions,
  speaking,
  ownShare,
}: {
  session: MeetingSession;
  tiles: ReadonlyMap<number, VideoTile>;
  presence: Presence;
  reactions: ReactionStore;
  /** The attendee ids of the others speaking now. */
  speaking: ReadonlySet<string>;
  /** One's own screen while one shares it. */
  ownShare: MediaStream | null;
}) {
  const speaker = useActiveSpeaker(speaking);
  const ordered = [...tiles.values()].sort(
    (a, b) => Number(b.isLocal) - Number(a.isLocal) || a.tileId - b.tileId,
  );
  const shared = ordered.filter((tile) => tile.isContent);
  const cameras = ordered.filter((tile) => !tile.isContent);
  const tile = (tile: VideoTile) => (
    <TileVideo
      key={tile.tileId}
      session={session}
      tile={tile}
      name={presence.get(tile.userId)?.name ?? '参加者'}
      reactions={reactions}
      speaker={!tile.isContent && !tile.isLocal && tile.attendeeId === speaker}
    />
  );
  return (
    // Scrolls when it holds more than its room: reachable by keyboard.
    <section className="tiles" aria-label="ビデオ" tabIndex={0}>
      {(ownShare || shared.length > 0) && (
        <div className="tiles-shared">
          {ownShare && (
            <figure className="tile tile-content" data-tile="own-content">
              <StreamVideo stream={ownShare} label="あなたの画面共有" />
              <figcaption>あなたの画面共有</figcaption>
            </figure>
          )}
          {shared.map(tile)}
        </div>
      )}
      <div className="tiles-cameras">
        {cameras.length === 0 && <p className="tiles-empty">まだ誰のカメラも映っていません。</p>}
        {cameras.map(tile)}
      </div>
    </section>
  );
}
