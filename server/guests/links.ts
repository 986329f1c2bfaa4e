import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { newSecret } from '../auth/secrets';
import type { Db } from '../db/connect';
import { eventRegistrations, users, worldGuestTokens, worlds } from '../db/schema';
import { RuleError } from '../http/errors';
import { getIntroduction, listBadges } from './enter-page';

/**
 * Guest links of a world (world_guest_tokens), managed by its owner and staff: shared links
 * (listWorldGuestTokens) and instant entrances (listInstantEntrances) let anyone in as a new
 * guest; a personal link belongs to one guest (server/guests/world-guests.ts).
 */
export type LinkRow = typeof worldGuestTokens.$inferSelect;
type OpenKind = Exclude<LinkRow['kind'], 'personal'>;

export const linkMessages = {
  notFound: 'ゲスト用リンクが見つかりません。',
  unknownLink: 'ゲスト用リンクが見つかりません。URLをお確かめください。',
  expired:
    'このゲスト用リンクは有効期限が切れています。主催者に新しいリンクをお問い合わせください。',
  usedUp: 'このゲスト用リンクは利用できる人数の上限に達しました。主催者にお問い合わせください。',
  revoked: 'このゲスト用リンクは主催者により無効にされました。主催者にお問い合わせください。',
  pastExpiry: 'expiresAt: 現在より後の日時を指定してください。',
} as const;

/** The same refusals said of an instant entrance (/worlds/{id}/instantEnter), which is stopped rather than revoked. */
export const instantMessages = {
  notFound: 'かんたん入場のURLが見つかりません。',
  unknownLink: 'かんたん入場のURLが見つかりません。URLをお確かめください。',
  expired: 'このかんたん入場のURLは有効期限が切れています。主催者にお問い合わせください。',
  usedUp: 'このかんたん入場のURLは利用できる人数の上限に達しました。主催者にお問い合わせください。',
  revoked: 'このかんたん入場のURLは主催者により停止されています。',
} as const;

/** The messages that speak of a link of this kind. */
export function messagesOf(kind: LinkRow['kind']) {
  return kind === 'instant' ? instantMessages : linkMessages;
}

export type LinkState = 'open' | 'expired' | 'usedUp' | 'revoked';

/** linkState's 'open' as a condition on world_guest_tokens (not revoked, not expired, not used up). */
export function isOpenLink(now: Date) {
  const t = worldGuestTokens;
  return and(
    isNull(t.revokedAt),
    or(isNull(t.expiresAt), gt(t.expiresAt, now)),
    or(isNull(t.maxUses), lt(t.uses, t.maxUses)),
  )!;
}

/** Whether a link lets a guest in at `now`, and if not, why. */
export function linkState(
  link: Pick<LinkRow, 'revokedAt' | 'expiresAt' | 'maxUses' | 'uses'>,
  now: Date,
): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt <= now) return 'expired';
  if (link.maxUses !== null && link.uses >= link.maxUses) return 'usedUp';
  return 'open';
}

/** The page of the app that a guest opens with the link (/worlds/{worldId}/enterGuest, or instantEnter). */
export function linkUrl(appUrl: string, link: Pick<LinkRow, 'worldId' | 'token' | 'kind'>): string {
  const page = link.kind === 'instant' ? 'instantEnter' : 'enterGuest';
  return `${appUrl}/worlds/${link.worldId}/${page}?token=${link.token}`;
}

export function linkJson(link: LinkRow, appUrl: string) {
  return {
    id: link.id,
    token: link.token,
    url: linkUrl(appUrl, link),
    label: link.label,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    maxUses: link.maxUses,
    uses: link.uses,
    createdAt: link.createdAt.toISOString(),
  };
}

export function futureExpiry(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (!(at > now)) throw new RuleError('invalid', linkMessages.pastExpiry);
  return at;
}

function cleanLabel(label: string | null | undefined): string | null | undefined {
  if (label === undefined || label === null) return label;
  return label.trim() || null;
}

/**
 * The world's links of a kind, newest first: shared links that still exist (not revoked), and
 * every instant entrance, stopped ones included, which the list shows as stopped.
 */
export async function listLinks(db: Db, worldId: string, kind: OpenKind = 'shared') {
  return db
    .select()
    .from(worldGuestTokens)
    .where(
      and(
        eq(worldGuestTokens.worldId, worldId),
        eq(worldGuestTokens.kind, kind),
        kind === 'shared' ? isNull(worldGuestTokens.revokedAt) : undefined,
      ),
    )
    .orderBy(desc(worldGuestTokens.createdAt), desc(worldGuestTokens.id));
}

export async function createLink(
  db: Db,
  worldId: string,
  createdBy: string,
  input: { label?: string; expiresAt?: string; maxUses?: number },
  now: Date,
  kind: OpenKind = 'shared',
) {
  const [link] = await db
    .insert(worldGuestTokens)
    .values({
      worldId,
      kind,
      token: newSecret(),
      label: cleanLabel(input.label) ?? null,
      expiresAt: futureExpiry(input.expiresAt, now) ?? null,
      maxUses: input.maxUses ?? null,
      createdBy,
      createdAt: now,
    })
    .returning();
  return link!;
}

const shared = eq(worldGuestTokens.kind, 'shared');

/** A shared link of this world by id; a revoked one or one of another world is not found. */
export async function getLink(db: Db, worldId: string, id: string) {
  const [link] = await db
    .select()
    .from(worldGuestTokens)
    .where(
      and(
        eq(worldGuestTokens.id, id),
        eq(worldGuestTokens.worldId, worldId),
        shared,
        isNull(worldGuestTokens.revokedAt),
      ),
    )
    .limit(1);
  if (!link) throw new RuleError('notFound', linkMessages.notFound);
  return link;
}

export async function updateLink(
  db: Db,
  worldId: string,
  id: string,
  input: { label?: string | null; expiresAt?: string | null; maxUses?: number | null },
  now: Date,
) {
  // Only the fields given change (the contract asks for at least one); null clears a field.
  const set: Partial<typeof worldGuestTokens.$inferInsert> = {};
  if (input.label !== undefined) set.label = cleanLabel(input.label);
  if (input.expiresAt !== undefined) set.expiresAt = futureExpiry(input.expiresAt, now);
  if (input.maxUses !== undefined) set.maxUses = input.maxUses;
  const [link] = await db
    .update(worldGuestTokens)
    .set(set)
    .where(
      and(
        eq(worldGuestTokens.id, id),
        eq(worldGuestTokens.worldId, worldId),
        shared,
        isNull(worldGuestTokens.revokedAt),
      ),
    )
    .returning();
  if (!link) throw new RuleError('notFound', linkMessages.notFound);
  return link;
}

/**
 * Revokes a link (stops an instant entrance): it stops working, guests already inside stay. The
 * row is kept so that the link, opened later, says it was revoked instead of "not found".
 */
export async function revokeLink(
  db: Db,
  worldId: string,
  id: string,
  now: Date,
  kind: OpenKind = 'shared',
) {
  const t = worldGuestTokens;
  const [link] = await db
    .update(t)
    .set({ revokedAt: now })
    .where(and(eq(t.id, id), eq(t.worldId, worldId), eq(t.kind, kind), isNull(t.revokedAt)))
    .returning({ id: t.id });
  if (!link) throw new RuleError('notFound', messagesOf(kind).notFound);
}

/** Whether the world has an instant entrance that lets people in now (WorldOutline.instantEnterEnabled). */
export async function hasOpenInstantEntrance(db: Db, worldId: string, now: Date) {
  const t = worldGuestTokens;
  const [open] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.worldId, worldId), eq(t.kind, 'instant'), isOpenLink(now)))
    .limit(1);
  return Boolean(open);
}

export async function findLinkByToken(db: Db, token: string) {
  const [link] = await db
    .select()
    .from(worldGuestTokens)
    .where(eq(worldGuestTokens.token, token))
    .limit(1);
  return link;
}

/** What the enter-guest page may show before entering: the world's name and whether the link works. */
export async function linkInfo(db: Db, token: string, now: Date) {
  const [found] = await db
    .select({
      link: worldGuestTokens,
      world: worlds,
      registrantName: eventRegistrations.name,
      guestName: users.name,
    })
    .from(worldGuestTokens)
    .innerJoin(worlds, eq(worlds.id, worldGuestTokens.worldId))
    // An event registrant's own link (server/events/registrations.ts) knows the registrant's name,
    // and a guest's personal link the guest's (entering with it keeps that name).
    .leftJoin(eventRegistrations, eq(eventRegistrations.guestTokenId, worldGuestTokens.id))
    .leftJoin(users, eq(users.id, worldGuestTokens.guestUserId))
    .where(eq(worldGuestTokens.token, token))
    .limit(1);
  if (!found) throw new RuleError('notFound', linkMessages.unknownLink);
  // What owner and staff saved for the enter page is shown before entering (docs/product.md §2).
  const [introduction, badges] = await Promise.all([
    getIntroduction(db, found.world.id),
    listBadges(db, found.world.id),
  ]);
  return {
    worldId: found.world.id,
    worldName: found.world.name,
    coverImageUrl: found.world.coverImageUrl,
    expiresAt: found.link.expiresAt?.toISOString() ?? null,
    valid: linkState(found.link, now) === 'open',
    guestName: found.registrantName ?? found.guestName,
    introduction,
    badges: badges.items,
  };
}

/** An instant entrance as listInstantEntrances shows it: a link that works while enabled. */
export function instantEntranceJson(link: LinkRow, appUrl: string, now: Date) {
  return {
    id: link.id,
    label: link.label,
    url: linkUrl(appUrl, link),
    enabled: linkState(link, now) === 'open',
    stoppedAt: link.revokedAt?.toISOString() ?? null,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    maxUses: link.maxUses,
    uses: link.uses,
    createdAt: link.createdAt.toISOString(),
  };
}
