// What this attendee knows of one other attendee of a local-mesh meeting: the peer connection,
// the tracks it receives and the device state the other side announces over the socket, and
// from those the two video tiles (camera and content share) in the provider's terms.
import type { MeshPeer, MediaSlot } from './local-mesh-peer';
import type { VideoTile } from './provider';

export interface AnnouncedDevices {
  mic: boolean;
  video: boolean;
  screen: boolean;
}

export class RemoteAttendee {
  peer: MeshPeer | null = null;
  readonly tracks: Record<MediaSlot, MediaStreamTrack | null> = {
    audio: null,
    video: null,
    content: null,
  };
  // Until the other side says otherwise: microphone and camera on, no screen (what joining does).
  devices: AnnouncedDevices = { mic: true, video: true, screen: false };
  /** The tiles as last reported, so that only changes are reported. */
  reported: { video: VideoTile | null; content: VideoTile | null } = { video: null, content: null };

  constructor(
    readonly attendeeId: string,
    public userId: string,
    readonly tileIds: { video: number; content: number },
  ) {}

  /** The tile the observers should know now for `slot`, or null when there should be none. */
  tile(slot: 'video' | 'content'): VideoTile | null {
    const track = this.tracks[slot];
    const receiving = track !== null && track.readyState === 'live' && !track.muted;
    const base = {
      tileId: this.tileIds[slot],
      attendeeId: this.attendeeId,
      userId: this.userId,
      isLocal: false,
    };
    if (slot === 'content') {
      // A content share exists only while it is on (the Chime SDK removes the tile when it stops).
      return receiving && this.devices.screen ? { ...base, isContent: true, active: true } : null;
    }
    if (!track) return null;
    return { ...base, isContent: false, active: receiving && this.devices.video };
  }
}

/** Whether two tile reports differ (so that an unchanged tile is not reported again). */
export function tileChanged(before: VideoTile | null, after: VideoTile | null): boolean {
  if (before === null || after === null) return before !== after;
  return before.active !== after.active || before.userId !== after.userId;
}
