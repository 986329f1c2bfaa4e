// A world's layout: read, save (optimistic version, ADR 015) and replace by a preset.
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { layouts, spaces, worldUserSpaces } from '../db/schema';
import {
  LAYOUT_HEIGHT,
  LAYOUT_WIDTH,
  layoutMessages,
  layoutProblems,
  type PlacedSpace,
  placedSpace,
} from '../../src/domain/layout';
import { RuleError } from '../http/errors';
import type { MeetingContext } from '../meetings/effects';
import { endStreamsOfRemovedStages } from '../meetings/streaming';
import { baseSpace, defaultBaseSpace } from './built-ins';
import type { Tx } from '../db/connect';
import { lockLiveWorld } from '../db/world-locks';

const defaultLayoutName = 'レイアウト';

export type LayoutInput = {
  version: number;
  name: string;
  baseSpaceId: string | null;
  backgroundColor: string;
  backgroundImageUrl: string | null;
  spaces: (PlacedSpace & { id?: string })[];
};

/** The world's spaces on the layout with how many attendees are in each now. */
export async function layoutSpaces(db: Db | Tx, worldId: string) {
  const occupancy = db
    .select({ spaceId: worldUserSpaces.spaceId, n: count().as('n') })
    .from(worldUserSpaces)
    .where(eq(worldUserSpaces.worldId, worldId))
    .groupBy(worldUserSpaces.spaceId)
    .as('occupancy');
  const rows = await db
    .select({
      id: spaces.id,
      name: spaces.name,
      kind: spaces.kind,
      isMain: spaces.isMain,
      x: spaces.x,
      y: spaces.y,
      width: spaces.width,
      height: spaces.height,
      capacity: spaces.capacity,
      listeningOff: spaces.listeningOff,
      occupancy: occupancy.n,
    })
    .from(spaces)
    .leftJoin(occupancy, eq(occupancy.spaceId, spaces.id))
    .where(and(eq(spaces.worldId, worldId), isNull(spaces.removedAt)))
    .orderBy(asc(spaces.position), asc(spaces.createdAt), asc(spaces.id));
  return rows.map(({ occupancy, ...s }) => ({ ...s, occupancy: Number(occupancy ?? 0) }));
}

/** getLayout: a world that never saved one has the default layout (its main hall) at version 0. */
export async function readLayout(db: Db | Tx, worldId: string) {
  const [row] = await db.select().from(layouts).where(eq(layouts.worldId, worldId));
  const placed = await layoutSpaces(db, worldId);
  return {
    id: worldId,
    worldId,
    name: row?.name ?? defaultLayoutName,
    version: row?.version ?? 0,
    width: LAYOUT_WIDTH,
    height: LAYOUT_HEIGHT,
    baseSpaceId: row ? row.baseSpaceId : defaultBaseSpace.id,
    backgroundColor: row?.backgroundColor ?? defaultBaseSpace.backgroundColor,
    backgroundImageUrl: row?.backgroundImageUrl ?? null,
    spaces: placed.map((s) => ({
      id: s.id,
      ...placedSpace(s),
      occupancy: s.occupancy,
      // Tables only: closed to listening in by owner or staff (ADR 038).
      ...(s.kind === 'table' && { listenable: !s.listeningOff }),
    })),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Only the world's own layout uploads (purpose layoutImage, server/files/storage.ts). */
function isLayoutImageOf(worldId: string, url: string) {
  const path = new RegExp(`/layoutImage/${worldId}/[0-9a-f-]{36}\\.(png|jpg|gif|webp)$`);
  try {
    return path.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** Every reason the input cannot replace the current spaces; the hall's id is filled in. */
function problemsOf(
  worldId: string,
  input: LayoutInput,
  current: Awaited<ReturnType<typeof layoutSpaces>>,
  trustedImage: string | null,
) {
  const problems = layoutProblems(input.spaces);
  const main = current.find((s) => s.isMain)!;
  const byId = new Map(current.map((s) => [s.id, s]));
  const ids = input.spaces.flatMap((s) => (s.id ? [s.id] : []));
  if (new Set(ids).size !== ids.length) problems.push(layoutMessages.duplicateId);
  if (ids.some((id) => !byId.has(id))) problems.push(layoutMessages.notThisWorld);
  for (const s of input.spaces) {
    const isHall = s.kind === 'hall';
    if (isHall ? s.id !== undefined && s.id !== main.id : s.id === main.id)
      problems.push(layoutMessages.hallFixed);
    const present = byId.get(s.kind === 'hall' ? main.id : (s.id ?? ''))?.occupancy ?? 0;
    if (s.capacity < present) problems.push(layoutMessages.belowAttendees(s.name, present));
  }
  const kept = new Set([...ids, main.id]);
  for (const s of current)
    if (!kept.has(s.id) && s.occupancy > 0)
      problems.push(layoutMessages.removeOccupied(s.name, s.occupancy));
  const image = input.backgroundImageUrl;
  if (image !== null && image !== trustedImage && !isLayoutImageOf(worldId, image))
    problems.push(layoutMessages.image);
  if (input.baseSpaceId !== null && !baseSpace(input.baseSpaceId))
    problems.push(layoutMessages.baseSpaceNotFound);
  return { problems: [...new Set(problems)], main };
}

/**
 * updateLayout, and the body of updateLayoutByPreset. With the world locked, so two saves of
 * one version cannot both pass the check: a stale version is 409, any other problem 422 with
 * every message, and nothing is written unless all is well. trustedImage is a preset's image,
 * validated when that preset's layout was saved. A removed stage's live stream ends (ADR 026).
 */
export async function saveLayout(
  ctx: MeetingContext,
  worldId: string,
  input: LayoutInput,
  trustedImage: string | null = null,
) {
  const { db, now } = ctx;
  const { version, streams } = await db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    const [row] = await tx
      .select({ version: layouts.version })
      .from(layouts)
      .where(eq(layouts.worldId, worldId));
    if (input.version !== (row?.version ?? 0))
      throw new RuleError('conflict', layoutMessages.stale);
    const current = await layoutSpaces(tx, worldId);
    const { problems, main } = problemsOf(worldId, input, current, trustedImage);
    if (problems.length > 0) throw new RuleError('invalid', problems);

    const base = input.baseSpaceId === null ? null : baseSpace(input.baseSpaceId)!;
    const background = {
      baseSpaceId: input.baseSpaceId,
      backgroundColor: base?.backgroundColor ?? input.backgroundColor,
      backgroundImageUrl: base ? base.backgroundImageUrl : input.backgroundImageUrl,
    };
    const next = input.version + 1;
    const values = { name: input.name, version: next, ...background, updatedAt: now };
    await tx
      .insert(layouts)
      .values({ worldId, ...values })
      .onConflictDoUpdate({ target: layouts.worldId, set: values });

    const kept = new Set<string>([main.id]);
    for (const [position, { id, ...placed }] of input.spaces.entries()) {
      const target = placed.kind === 'hall' ? main.id : id;
      if (target) {
        kept.add(target);
        await tx
          .update(spaces)
          .set({ ...placed, position })
          .where(eq(spaces.id, target));
      } else {
        await tx.insert(spaces).values({ worldId, ...placed, position, createdAt: now });
      }
    }
    const removed = current.filter((s) => !kept.has(s.id)).map((s) => s.id);
    if (removed.length > 0)
      await tx.update(spaces).set({ removedAt: now }).where(inArray(spaces.id, removed));
    return {
      version: next,
      streams: await endStreamsOfRemovedStages(tx, worldId, removed, now),
    };
  });
  await ctx.publish(worldId, { everyone: true }, { type: 'world.layoutUpdated', version });
  await streams.finish(ctx);
  return readLayout(db, worldId);
}
