// The stage's live stream (live_streamings/{id}, ADR 026), addressed by the stage's space id.
// Locally the stage's meeting runs on the media server and watchers receive it there; with AWS a
// Chime media live connector also sends it to the RTMP(S) URL the owner gave. Stopping ends the
// connector and every watcher's attendance.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { liveStreamings, meetings, spaces } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockLiveWorld } from '../calendar/rules';
import type { Tx } from '../spaces/spaces';
import {
  applyEffects,
  endAttendees,
  type MeetingContext,
  newEffects,
  presentAttendees,
} from './effects';
import { providerMeeting } from './provider';
import { announce, viewerCount } from './watcher-count';

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
  if (!stage) throw new HttpError(404, streamingMessages.stageNotFound);
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

function streamingJson(
  worldId: string,
  stage: { id: string; name: string },
  row: StreamingRow | null,
  viewers: number,
  destinationUrlRequired: boolean,
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
  };
}

/** getLiveStreaming. */
export async function getLiveStreaming(ctx: MeetingContext, worldId: string, spaceId: string) {
  const stage = await stageOf(ctx.db, worldId, spaceId);
  const [row, viewers] = await Promise.all([
    streamingRow(ctx.db, spaceId),
    viewerCount(ctx.db, spaceId),
  ]);
  return streamingJson(worldId, stage, row, viewers, Boolean(ctx.meetings.liveConnector));
}

type StreamingUpdate = {
  title?: string;
  status?: 'live' | 'ended';
  destinationUrl?: string;
};

/** updateLiveStreaming: start, stop or retitle, with the world locked. */
export async function updateLiveStreaming(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
  input: StreamingUpdate,
) {
  const connector = ctx.meetings.liveConnector;
  const url = input.destinationUrl?.trim() || undefined;
  if (url !== undefined && !RTMP_URL.test(url)) throw new HttpError(422, streamingMessages.notRtmp);
  const effects = newEffects();
  let stoppedPipeline: string | null = null;
  await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    const stage = await stageOf(tx, worldId, spaceId);
    const row = await streamingRow(tx, spaceId);
    const set: Partial<StreamingRow> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.status === 'live') {
      if (row?.status === 'live') throw new HttpError(422, streamingMessages.alreadyLive);
      if (connector && !url) throw new HttpError(422, streamingMessages.urlRequired);
      if (!connector && url) throw new HttpError(422, streamingMessages.rtmpNeedsAws);
      const meeting = await stageMeeting(tx, spaceId);
      if (!meeting) throw new HttpError(422, streamingMessages.stageNotRunning);
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
    } else if (input.status === 'ended') {
      if (row?.status !== 'live') throw new HttpError(422, streamingMessages.notLive);
      Object.assign(set, { status: 'ended', endedAt: ctx.now, pipelineId: null });
      stoppedPipeline = row.pipelineId;
      const watchers = (await presentAttendees(tx, worldId)).filter(
        (a) => a.watching && a.meeting.spaceId === spaceId,
      );
      await endAttendees(tx, watchers, ctx.now, effects);
      for (const w of watchers)
        effects.messages.push({
          to: { userIds: [w.userId] },
          message: { type: 'meeting.ended', meetingId: w.meeting.id },
        });
    }
    // A URL alone changes nothing (it is taken when starting).
    if (Object.keys(set).length === 0) return;
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
  });
  if (stoppedPipeline && connector)
    await connector
      .stop(stoppedPipeline)
      .catch((err: unknown) => ctx.logger.warn({ err }, 'live connector: stop failed'));
  await applyEffects(ctx, worldId, effects);
  const answer = await getLiveStreaming(ctx, worldId, spaceId);
  await announce(ctx, worldId, spaceId, answer.viewerCount);
  return answer;
}
