// Presets: the built-in ones (built-ins.ts) and layouts an owner saved to apply to any of their worlds.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { presets } from '../db/schema';
import { layoutMessages, placedSpace } from '../../src/domain/layout';
import { RuleError } from '../http/errors';
import type { MeetingContext } from '../meetings/effects';
import { requireRoleIn } from '../worlds/access';
import { baseSpace, builtInPresets } from './built-ins';
import { readLayout, saveLayout } from './layouts';

type PresetRow = typeof presets.$inferSelect;

function builtInJson(p: (typeof builtInPresets)[number]) {
  const base = baseSpace(p.baseSpaceId)!;
  return {
    id: p.id,
    name: p.name,
    builtIn: true,
    baseSpaceId: p.baseSpaceId,
    backgroundColor: base.backgroundColor,
    backgroundImageUrl: base.backgroundImageUrl,
    spaces: p.spaces.map((s) => ({ ...s })),
    createdAt: null,
  };
}

function presetJson(p: PresetRow) {
  return {
    id: p.id,
    name: p.name,
    builtIn: false,
    baseSpaceId: p.baseSpaceId,
    backgroundColor: p.backgroundColor,
    backgroundImageUrl: p.backgroundImageUrl,
    spaces: p.spaces,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function listPresets(db: Db, userId: string) {
  const own = await db
    .select()
    .from(presets)
    .where(eq(presets.userId, userId))
    .orderBy(asc(presets.createdAt), asc(presets.id));
  return { items: [...builtInPresets.map(builtInJson), ...own.map(presetJson)] };
}

/** A built-in preset or one of the user's own; anyone else's is as unknown as a random id. */
export async function findPreset(db: Db, userId: string, id: string) {
  const builtIn = builtInPresets.find((p) => p.id === id);
  if (builtIn) return builtInJson(builtIn);
  const [own] = await db
    .select()
    .from(presets)
    .where(and(eq(presets.id, id), eq(presets.userId, userId)));
  if (!own) throw new RuleError('notFound', layoutMessages.presetNotFound);
  return presetJson(own);
}

/** createPreset: a copy of the world's layout as it is now; owner or staff of that world. */
export async function createPreset(
  db: Db,
  userId: string,
  input: { name: string; layoutId: string },
  now: Date,
) {
  await requireRoleIn(db, input.layoutId, userId, ['owner', 'staff']);
  const layout = await readLayout(db, input.layoutId);
  const [row] = await db
    .insert(presets)
    .values({
      userId,
      name: input.name,
      baseSpaceId: layout.baseSpaceId,
      backgroundColor: layout.backgroundColor,
      backgroundImageUrl: layout.backgroundImageUrl,
      spaces: layout.spaces.map(placedSpace),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return presetJson(row!);
}

/** Which of the user's presets to change: a built-in one is refused, another's is not found. */
async function ownPreset(db: Db, userId: string, id: string) {
  if (builtInPresets.some((p) => p.id === id))
    throw new RuleError('forbidden', layoutMessages.builtInPreset);
  await findPreset(db, userId, id);
}

export async function renamePreset(db: Db, userId: string, id: string, name: string, now: Date) {
  await ownPreset(db, userId, id);
  const [row] = await db
    .update(presets)
    .set({ name, updatedAt: now })
    .where(eq(presets.id, id))
    .returning();
  return presetJson(row!);
}

export async function deletePreset(db: Db, userId: string, id: string) {
  await ownPreset(db, userId, id);
  await db.delete(presets).where(eq(presets.id, id));
}

/** updateLayoutByPreset: the preset's spaces and background replace the layout's, as one save. */
export async function applyPreset(
  ctx: MeetingContext,
  worldId: string,
  userId: string,
  input: { presetId: string; version: number },
) {
  const preset = await findPreset(ctx.db, userId, input.presetId);
  return saveLayout(
    ctx,
    worldId,
    {
      version: input.version,
      name: preset.name,
      baseSpaceId: preset.baseSpaceId,
      backgroundColor: preset.backgroundColor,
      backgroundImageUrl: preset.backgroundImageUrl,
      spaces: preset.spaces,
    },
    preset.backgroundImageUrl,
  );
}
