// The server's meeting provider port (ADR 010): creates meetings and attendees at the media
// service. The local mesh's are ids of our own; Chime's come from @aws-sdk/client-chime-sdk-meetings.
import type { components } from '../../src/services/api/schema';

export type ProviderMeeting = components['schemas']['ChimeMeeting'];
export type ProviderAttendee = components['schemas']['ChimeAttendee'];

/** The provider's Meeting object as a meetings row keeps it (JSON). */
export const providerMeeting = (row: { providerMeeting: string }) =>
  JSON.parse(row.providerMeeting) as ProviderMeeting;

/** The provider no longer knows the meeting (Chime ends one left empty for five minutes). */
export class MeetingGoneError extends Error {}

export interface MeetingProvider {
  readonly name: 'local' | 'sfu' | 'chime';
  createMeeting(input: { externalMeetingId: string }): Promise<ProviderMeeting>;
  /** Throws MeetingGoneError when the meeting has ended at the provider. */
  createAttendee(meeting: ProviderMeeting, userId: string): Promise<ProviderAttendee>;
  /** Both deletes succeed when the meeting or attendee is already gone. */
  deleteAttendee(meeting: ProviderMeeting, attendeeId: string): Promise<void>;
  deleteMeeting(meeting: ProviderMeeting): Promise<void>;
}
