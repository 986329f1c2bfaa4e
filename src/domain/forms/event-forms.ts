// Event announcement forms, bounded as openapi/schemas/mypage-worlds.yaml bounds
// CreateEventAnnouncementRequest, and the public e-mail registration (events.yaml,
// RegisterEmailRequest). Dates are typed as wall-clock times in the world's time zone.
import * as z from 'zod/mini';
import { fromLocalInput, type TimeZoneName } from '../time-zone';
import { messages } from '../validation-messages';
import { body, email, limits, requiredText, transformWithIssues } from './fields';

export const eventLimits = {
  title: 100,
  body: 10000,
  venue: 200,
  capacityMin: 1,
  capacityMax: 1000,
} as const;

const endNotAfterStartMessage = '終了日時は開始日時より後にしてください。';

const optionalBlankable = (max: number) =>
  z.optional(
    z
      .string({ error: () => messages.type('string') })
      .check(z.trim(), z.maxLength(max, { error: messages.maxLength(max) })),
  );

/** A "2025-06-01T10:00" field read in `zone`; the output is the instant as ISO 8601. */
const localDateTime = (zone: TimeZoneName) =>
  z.pipe(
    z
      .string({ error: () => messages.required() })
      .check(z.refine((value) => value.trim() !== '', { error: messages.required(), abort: true })),
    transformWithIssues((value: string, ctx) => {
      const date = fromLocalInput(value.trim(), zone);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: messages.dateTime() });
        return z.NEVER;
      }
      return date.toISOString();
    }),
  );

const capacity = z.pipe(
  z.pipe(
    z.string({ error: () => messages.required() }).check(
      z.trim(),
      z.refine((value) => value !== '', { error: messages.required(), abort: true }),
      z.refine((value) => /^-?\d+$/.test(value), { error: messages.type('integer'), abort: true }),
    ),
    z.transform(Number),
  ),
  z
    .number()
    .check(
      z.gte(eventLimits.capacityMin, { error: messages.minNumber(eventLimits.capacityMin) }),
      z.lte(eventLimits.capacityMax, { error: messages.maxNumber(eventLimits.capacityMax) }),
    ),
);

/**
 * POST …/event_announcements (createEventAnnouncement) and PATCH …/{id}, for a world in `zone`.
 * Publishing is its own action (publishedAt), not a field of this form.
 */
export function eventAnnouncementForm(zone: TimeZoneName) {
  return body({
    title: requiredText(eventLimits.title, { trim: true }),
    body: optionalBlankable(eventLimits.body),
    startAt: localDateTime(zone),
    endAt: localDateTime(zone),
    venue: optionalBlankable(eventLimits.venue),
    capacity,
    // A checkbox: 'true' when ticked.
    registrationOpen: z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) => value === 'true'),
    ),
  }).check(
    z.refine((data) => data.endAt > data.startAt, {
      path: ['endAt'],
      error: endNotAfterStartMessage,
    }),
  );
}

/** POST /api/event_announcements/{id}/registered_emails (registerEventEmail) without the bot token. */
export const eventRegistrationForm = body({
  name: requiredText(limits.name, { trim: true }),
  email: email(),
});

export type EventAnnouncementBody = z.output<ReturnType<typeof eventAnnouncementForm>>;
