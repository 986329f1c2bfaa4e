// The forms of a world's guest screens (openapi/schemas/mypage-worlds.yaml and users.yaml):
// CreateGuestRequest, UpdateGuestRequest, SaveEnterGuestEditableIntroductionRequest and the
// badge list of ReplaceEnterGuestEditableBadgesRequest. Bounds are the contract's.
import * as z from 'zod/mini';
import { type TimeZoneName } from '../time-zone';
import { messages } from '../validation-messages';
import { body, limits, optionalEmail, requiredText, transformWithIssues } from './fields';
import { futureExpiry, futureInstant } from './membership-forms';

export const guestLimits = {
  name: limits.name,
  introduction: 5000,
  imageUrl: limits.url,
  badgeLabel: 30,
  badges: 50,
} as const;

const IMAGE_HTTPS_MESSAGE = 'https:// で始まるURLを入力してください。';
const DUPLICATE_BADGE_MESSAGE = (label: string) => `バッジ「${label}」が重複しています。`;

/** POST /api/mypage/worlds/{world_id}/guests: a name; the address (the link is mailed) and expiry are optional. */
export function guestForm(zone: TimeZoneName, now: () => Date = () => new Date()) {
  return body({
    name: requiredText(guestLimits.name, { trim: true }),
    email: optionalEmail(),
    expiresAt: futureExpiry(zone, now),
  });
}

/**
 * PATCH /api/guests/{id} by the owner or staff. `shownExpiry` is the expiry as the field showed
 * it first: left as it was, it is not sent (an expiry already past would be refused otherwise);
 * emptied, it is null (no expiry); changed, it must lie ahead of now.
 */
export function guestEditForm(
  zone: TimeZoneName,
  shownExpiry: string,
  now: () => Date = () => new Date(),
) {
  return body({
    name: requiredText(guestLimits.name, { trim: true }),
    expiresAt: z.pipe(
      z.string({ error: () => messages.dateTime() }).check(z.trim()),
      transformWithIssues((value: string, ctx) => {
        if (value === shownExpiry.trim()) return undefined;
        if (value === '') return null;
        return futureInstant(value, zone, now, ctx);
      }),
    ),
  });
}

/**
 * POST /api/mypage/worlds/{world_id}/enter_guest_editable_introductions. An empty body is allowed
 * (the page then shows none); a blank image address is null (no image) and an image is https only,
 * as the server requires: it is shown to every visitor of the page.
 */
export const introductionForm = body({
  body: z.string({ error: () => messages.type('string') }).check(
    z.trim(),
    z.maxLength(guestLimits.introduction, {
      error: messages.maxLength(guestLimits.introduction),
    }),
  ),
  imageUrl: z.pipe(
    z.string({ error: () => messages.type('string') }).check(
      z.trim(),
      z.maxLength(guestLimits.imageUrl, { error: messages.maxLength(guestLimits.imageUrl) }),
      z.refine((value) => value === '' || isHttpsUrl(value), { error: IMAGE_HTTPS_MESSAGE }),
    ),
    z.transform((value: string) => (value === '' ? null : value)),
  ),
});

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export type BadgeDraft = { label: string; color: string };

/**
 * The messages of each badge row by index (rows without a problem are absent): a label is
 * required, at most 30 characters, and not repeated (after trimming, as the server compares).
 */
export function badgeErrors(badges: readonly BadgeDraft[]): Record<number, string[]> {
  const errors: Record<number, string[]> = {};
  const seen = new Set<string>();
  badges.forEach((badge, index) => {
    const label = badge.label.trim();
    const problems: string[] = [];
    if (label === '') problems.push(messages.required());
    else if (label.length > guestLimits.badgeLabel)
      problems.push(messages.maxLength(guestLimits.badgeLabel));
    else if (seen.has(label)) problems.push(DUPLICATE_BADGE_MESSAGE(label));
    seen.add(label);
    if (problems.length > 0) errors[index] = problems;
  });
  return errors;
}

/** The request body of the list: labels trimmed, in the order shown. */
export function badgesBody(badges: readonly BadgeDraft[]): { items: BadgeDraft[] } {
  return {
    items: badges.map((badge) => ({ label: badge.label.trim(), color: badge.color.toUpperCase() })),
  };
}

/**
 * The saved badges that saving `draft` would remove: the server keeps a badge by its label, so a
 * renamed badge is removed too, and the guests who picked it lose it.
 */
export function removedBadges(
  saved: readonly BadgeDraft[],
  draft: readonly BadgeDraft[],
): string[] {
  const kept = new Set(draft.map((badge) => badge.label.trim()));
  return saved.map((badge) => badge.label).filter((label) => !kept.has(label));
}

/** `list` with the item at `index` moved by `offset` places; unchanged if it would leave the list. */
export function moveItem<T>(list: readonly T[], index: number, offset: number): T[] {
  const target = index + offset;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
