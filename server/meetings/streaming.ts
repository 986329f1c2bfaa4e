// The stage's live stream (live_streamings/{id}, ADR 026), addressed by the stage's space id.
// Locally the stage's meeting runs on the media server and watchers receive it there; with AWS a
// Chime media live connector also sends it to the RTMP(S) URL the owner gave. Stopping ends the
// connector and every watcher's attendance, and so does a stage left empty for the grace period
// or removed from the layout, or its world deleted.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { liveStreamings, meetings, spaces } from '../db/schema';
import { RuleError } from '../http/errors';
import {
  applyEffects,
  type Effects,
  endAttendees,
  type MeetingContext,
  newEffects,
  presentAttendees,
} from './effects';
import { providerMeeting } from './provider';
import { stageEmptySince } from './stage-presence';
import { announce, viewerCount } from './watcher-count';
import type { Tx } from '../db/connect';
import { lockLiveWorld, lockWorld } from '../db/world-locks';

export const streamingMessages = {
  stageNotFound: 'ステージが見つかりません。',
  notRtmp: '配信先のURLは rtmp:// または rtmps:// で始まるURLを入力してください。',
  urlRequired: '配信先のURL（rtmp:// または rtmps://）を入力してください。',
  rtmpNeedsAws: 'この環境では外部への配信はできません。配信先のURLを空にしてください。',
  alreadyLive: 'すでに配信中です。',
  notLive: 'ステージは配信中ではありません。',
  stageNotRunning: 'ステージの会議が始まっていません。ステージに入ってから配信を始めてください。',
  connectorFailed: (reason: string) => `配信を開始できませんでした（${reason}）。`,
} as const;

/** The URL forms the connector takes: rtmp:// or rtmps://, a host, no spaces. */
const RTMP_URL = /^rtmps?:\/\/[^\s/]+(\/\S*)?$/i;

type StreamingRow = typeof liveStreamings.$inferSelect;

/** The world's stage by its space id (404 for any other space). */
export async function stageOf(db: Db | Tx, worldId: string, spaceId: string) {
  const [stage] = await db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaces)
    .where(
      and(
        eq(spaces.id, spaceId),
        eq(spaces.worldId, worldId),
        eq(spaces.kind, 'stage'),
        isNull(spaces.removedAt),
      ),
    );
  if (!stage) throw new RuleError('notFound', streamingMessages.stageNotFound);
  return stage;
}

/** The stage's live meeting, if it runs. */
async function stageMeeting(db: Db | Tx, spaceId: string) {
  const [meeting] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.spaceId, spaceId), isNull(meetings.endedAt)));
  return meeting ?? null;
}

export async function streamingRow(db: Db | Tx, spaceId: string) {
  const [row] = await db.select().from(liveStreamings).where(eq(liveStreamings.spaceId, spaceId));
  return row ?? null;
}

/** What the stream's rules need beside the context: how long an emptied stage stays live. */
export type StreamRules = { emptyStageGraceMs: number };

function streamingJson(
  worldId: string,
  stage: { id: string; name: string },
  row: StreamingRow | null,
  viewers: number,
  destinationUrlRequired: boolean,
  endsAt: Date | null,
) {
  return {
    id: stage.id,
    worldId,
    spaceId: stage.id,
    title: row?.title ?? `${stage.name}のライブ配信`,
    status: row?.status ?? ('idle' as const),
    destinationUrlRequired,
    failureReason: row?.failureReason ?? null,
    playbackUrl: null,
    viewerCount: row?.status === 'live' ? viewers : 0,
    startedAt: row?.startedAt?.toISOString() ?? null,
    endedAt: row?.endedAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
  };
}

/** When a live stream whose stage has emptied ends by itself; null while someone is on it. */
async function emptyStageEnd(db: Db | Tx, row: StreamingRow | null, rules: StreamRules) {
  if (row?.status !== 'live' || !row.startedAt) return null;
  const since = await stageEmptySince(db, row.spaceId, row.startedAt);
  return since && new Date(since.getTime() + rules.emptyStageGraceMs);
}

/** getLiveStreaming. */
export async function getLiveStreaming(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
  rules: StreamRules,
) {
  const stage = await stageOf(ctx.db, worldId, spaceId);
  const [row, viewers] = await Promise.all([
    streamingRow(ctx.db, spaceId),
    viewerCount(ctx.db, spaceId),
  ]);
  const connector = Boolean(ctx.meetings.liveConnector);
  const endsAt = await emptyStageEnd(ctx.db, row, rules);
  return streamingJson(worldId, stage, row, viewers, connector, endsAt);
}

type StreamingUpdate = {
  title?: string;
  status?: 'live' | 'ended';
  destinationUrl?: string;
};

/** A change of the stream decided with the world locked: the row's new values, if any. */
type Change = { set: Partial<StreamingRow>; stoppedPipeline: string | null };

/**
 * Ends the live stream `row` in the caller's transaction: every watcher's attendance ends
 * (meeting.ended to them); the connector's pipeline is stopped after the commit.
 */
async function endStream(
  tx: Tx,
  worldId: string,
  row: StreamingRow,
  now: Date,
  effects: Effects,
): Promise<Change> {
  const watchers = (await presentAttendees(tx, worldId)).filter(
    (a) => a.watching && a.meeting.spaceId === row.spaceId,
  );
  await endAttendees(tx, watchers, now, effects);
  for (const w of watchers)
    effects.messages.push({
      to: { userIds: [w.userId] },
      message: { type: 'meeting.ended', meetingId: w.meeting.id },
    });
  return {
    set: { status: 'ended', endedAt: now, pipelineId: null },
    stoppedPipeline: row.pipelineId,
  };
}

/** After the commit: the connector's pipeline an ended stream left is deleted. */
async function stopPipeline(ctx: MeetingContext, change: Change) {
  const connector = ctx.meetings.liveConnector;
  if (change.stoppedPipeline && connector)
    await connector
      .stop(change.stoppedPipeline)
      .catch((err: unknown) => ctx.logger.warn({ err }, 'live connector: stop failed'));
}

/**
 * Changes the stage's stream with the world locked as `decide` says (null: nothing changes and
 * nothing is answered), then stops a connector pipeline, applies the effects and tells the world.
 */
async function changeStream(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
  rules: StreamRules,
  decide: (tx: Tx, row: StreamingRow | null, effects: Effects) => Promise<Change | null>,
) {
  const effects = newEffects();
  const change = await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    const stage = await stageOf(tx, worldId, spaceId);
    const decided = await decide(tx, await streamingRow(tx, spaceId), effects);
    const set = decided?.set ?? {};
    // A URL alone changes nothing (it is taken when starting).
    if (Object.keys(set).length === 0) return decided;
    await tx
      .insert(liveStreamings)
      .values({
        worldId,
        spaceId,
        title: set.title ?? `${stage.name}のライブ配信`,
        status: set.status ?? 'idle',
        ...set,
      })
      .onConflictDoUpdate({ target: liveStreamings.spaceId, set });
    return decided;
  });
  if (!change) return null;
  await stopPipeline(ctx, change);
  await applyEffects(ctx, worldId, effects);
  const answer = await getLiveStreaming(ctx, worldId, spaceId, rules);
  await announce(ctx, worldId, spaceId, answer.viewerCount);
  return answer;
}

/** updateLiveStreaming: start, stop or retitle, with the world locked. */
export async function updateLiveStreaming(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
  input: StreamingUpdate,
  rules: StreamRules,
) {
  const connector = ctx.meetings.liveConnector;
  const url = input.destinationUrl?.trim() || undefined;
  if (url !== undefined && !RTMP_URL.test(url))
    throw new RuleError('invalid', streamingMessages.notRtmp);
  const answer = await changeStream(ctx, worldId, spaceId, rules, async (tx, row, effects) => {
    const set: Partial<StreamingRow> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.status === 'ended') {
      if (row?.status !== 'live') throw new RuleError('invalid', streamingMessages.notLive);
      const ended = await endStream(tx, worldId, row, ctx.now, effects);
      return { ...ended, set: { ...set, ...ended.set } };
    }
    if (input.status === 'live') {
      if (row?.status === 'live') throw new RuleError('invalid', streamingMessages.alreadyLive);
      if (connector && !url) throw new RuleError('invalid', streamingMessages.urlRequired);
      if (!connector && url) throw new RuleError('invalid', streamingMessages.rtmpNeedsAws);
      const meeting = await stageMeeting(tx, spaceId);
      if (!meeting) throw new RuleError('invalid', streamingMessages.stageNotRunning);
      Object.assign(set, {
        status: 'live',
        destinationUrl: url ?? null,
        pipelineId: null,
        failureReason: null,
        startedAt: ctx.now,
        endedAt: null,
      });
      if (connector && url) {
        const arn = providerMeeting(meeting).MeetingArn ?? '';
        try {
          set.pipelineId = await connector.start(arn, url);
        } catch (err) {
          ctx.logger.warn({ err }, 'live connector: start failed');
          const reason = err instanceof Error ? err.name : 'Error';
          Object.assign(set, {
            status: 'failed',
            failureReason: streamingMessages.connectorFailed(reason),
            startedAt: null,
          });
        }
      }
    }
    return { set, stoppedPipeline: null };
  });
  return answer ?? getLiveStreaming(ctx, worldId, spaceId, rules);
}

/**
 * Ends the stage's stream by itself when nobody but watchers has been on the stage for the
 * grace period (ADR 026), as a stop would; answers whether it ended.
 */
export async function endEmptyStream(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
  rules: StreamRules,
) {
  const answer = await changeStream(ctx, worldId, spaceId, rules, async (tx, row, effects) => {
    const endsAt = await emptyStageEnd(tx, row, rules);
    if (!row || !endsAt || endsAt > ctx.now) return null;
    return endStream(tx, worldId, row, ctx.now, effects);
  });
  return answer !== null;
}

/**
 * Ends the live streams of stages a layout save removes (ADR 026), in its transaction with the
 * world locked, as a stop would; answers how many ended and what finishes them once committed
 * (the pipelines stopped, watchers told `meeting.ended`, everyone `liveStreaming.changed`).
 */
export async function endStreamsOfRemovedStages(
  tx: Tx,
  worldId: string,
  spaceIds: string[],
  now: Date,
) {
  const live =
    spaceIds.length === 0
      ? []
      : await tx
          .select()
          .from(liveStreamings)
          .where(and(inArray(liveStreamings.spaceId, spaceIds), eq(liveStreamings.status, 'live')));
  const effects = newEffects();
  const changes: Change[] = [];
  for (const row of live) {
    const change = await endStream(tx, worldId, row, now, effects);
    await tx.update(liveStreamings).set(change.set).where(eq(liveStreamings.id, row.id));
    changes.push(change);
  }
  return {
    ended: live.length,
    async finish(ctx: MeetingContext) {
      for (const change of changes) await stopPipeline(ctx, change);
      await applyEffects(ctx, worldId, effects);
      for (const row of live) await announce(ctx, worldId, row.spaceId, 0);
    },
  };
}

/**
 * Ends the live stream of a stage removed, or of a world deleted, while it went on (saved before
 * removing or deleting ended streams) as the layout save and the delete now do; the empty-stage
 * pass's catch. Answers whether it ended.
 */
export async function endStreamOfRemovedStage(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
) {
  const removed = await ctx.db.transaction(async (tx) => {
    await lockWorld(tx, worldId);
    return endStreamsOfRemovedStages(tx, worldId, [spaceId], ctx.now);
  });
  await removed.finish(ctx);
  return removed.ended > 0;
}
