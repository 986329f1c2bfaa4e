import {
  dayOf,
  formatDateTime,
  formatTime,
  TIME_ZONE_LABELS,
  type TimeZoneName,
} from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';

export type EventAnnouncement = components['schemas']['EventAnnouncement'];
export type PublicEventAnnouncement = components['schemas']['PublicEventAnnouncement'];

export type EventStatus = 'draft' | 'scheduled' | 'published';

export const eventStatusLabels: Readonly<Record<EventStatus, string>> = {
  draft: '下書き',
  scheduled: '公開予定',
  published: '公開中',
};

/** Draft while publishedAt is null; public from publishedAt on. */
export function eventStatusOf(
  event: Pick<EventAnnouncement, 'publishedAt'>,
  now: Date = new Date(),
): EventStatus {
  if (event.publishedAt === null) return 'draft';
  return new Date(event.publishedAt) > now ? 'scheduled' : 'published';
}

/** "2026/06/01 10:00〜11:30" (the end's day only when it differs), in the world's zone. */
export function formatSchedule(
  event: { startAt: string; endAt: string },
  zone: TimeZoneName,
): string {
  const sameDay = dayOf(event.startAt, zone) === dayOf(event.endAt, zone);
  return `${formatDateTime(event.startAt, zone)}〜${sameDay ? formatTime(event.endAt, zone) : formatDateTime(event.endAt, zone)}`;
}

export const zoneNote = (zone: TimeZoneName) => TIME_ZONE_LABELS[zone];

/** The public page of an announcement, as an absolute URL to share. */
export function publicEventUrl(eventId: string, origin: string = window.location.origin): string {
  return `${origin}/events/${eventId}`;
}
