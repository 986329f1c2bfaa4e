// The server's meeting provider port (ADR 010): creates meetings and attendees at the media
// service. The local mesh's are ids of our own; Chime's come from @aws-sdk/client-chime-sdk-meetings.
import type { components } from '../../src/services/api/schema';
import type { LiveConnector } from './live-connector';

export type ProviderMeeting = components['schemas']['ChimeMeeting'];
export type ProviderAttendee = components['schemas']['ChimeAttendee'];

/** The provider's Meeting object as a meetings row keeps it (JSON). */
export const providerMeeting = (row: { providerMeeting: string }) =>
  JSON.parse(row.providerMeeting) as ProviderMeeting;

/** The provider no longer knows the meeting (Chime ends one left empty for five minutes). */
export class MeetingGoneError extends Error {}

export interface MeetingProvider {
  readonly name: 'local' | 'sfu' | 'chime';
  /** The server process whose media server holds the rooms of the meetings it starts (ADR 039). */
  readonly mediaHost?: string;
  createMeeting(input: { externalMeetingId: string }): Promise<ProviderMeeting>;
  /**
   * Throws MeetingGoneError when the meeting has ended at the provider. A watcher (ADR 026) is
   * receive-only where the provider can say so (Chime's capabilities).
   */
  createAttendee(
    meeting: ProviderMeeting,
    userId: string,
    options?: { watching?: boolean },
  ): Promise<ProviderAttendee>;
  /** Both deletes succeed when the meeting or attendee is already gone. */
  deleteAttendee(meeting: ProviderMeeting, attendeeId: string): Promise<void>;
  deleteMeeting(meeting: ProviderMeeting): Promise<void>;
  /**
   * The provider of a space's meeting, when it depends on the space: the embedded default puts a
   * few seats on the mesh and larger spaces on the media server (ADR 023), and a stage is on the
   * media server whenever there is one, since watchers receive from there (ADR 026). `live`: the
   * provider of the space's meeting running now, which keeps it. Absent: this provider for every
   * space.
   */
  forSpace?(space: { capacity: number; kind: string }, live?: string): MeetingProvider;
  /** Sends a meeting out to an RTMP(S) URL (Chime's media live connector); absent locally. */
  readonly liveConnector?: LiveConnector;
}
