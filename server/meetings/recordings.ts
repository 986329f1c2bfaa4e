// Recordings of a space's meeting (chime_meeting_recordings, ADR 025): recording → processing →
// ready | failed with the reason. One at a time per meeting; nothing half-done: a recording that
// cannot be finished is marked failed and its files are removed, and so is one whose server
// process died (its lease lapsed: takeOver), never one a live process is still writing.
import { and, count, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetingRecordings, meetings, spaces } from '../db/schema';
import { RuleError } from '../http/errors';
import type { JobRunner } from '../http/jobs';
import { type MeetingProvider, providerMeeting } from './provider';
import { type Recorder, RecordingError } from './recorder';
import { currentAttendees } from './relay';
import { isUniqueViolation } from '../db/connect';
import type { Publish } from '../http/use-case';

export const recordingMessages = {
  notFound: '録画が見つかりません。',
  meetingNotFound: 'ミーティングが見つかりません。',
  notRunning: 'このミーティングは開催されていないため録画できません。',
  notRecordable:
    'このミーティングは参加者どうしが直接つながる方式のため録画できません（録画はメディアサーバーかAmazon Chimeのミーティングでできます）。',
  alreadyRecording: 'このミーティングはすでに録画中です。',
  notRecording: '録画中ではないため停止できません。',
  busy: '録画中または録画ファイルの作成中は削除できません。録画を停止し、作成が終わってからお試しください。',
  notReady: '録画ファイルの準備ができていないためダウンロードできません。',
  startFailed: '録画を開始できませんでした。しばらくしてからもう一度お試しください。',
  finishFailed: '録画ファイルを仕上げられませんでした。',
  serverStopped: '録画していたサーバーが停止したため、録画が中断されました。',
  titleBlank: 'title: タイトルを入力してください。',
} as const;

/** How long a download URL works. */
const DOWNLOAD_MINUTES = 15;

type Row = typeof meetingRecordings.$inferSelect;

const json = (row: Row, spaceId: string) => ({
  id: row.id,
  meetingId: row.meetingId,
  spaceId,
  title: row.title,
  status: row.status,
  failureReason: row.failureReason,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  durationSeconds: row.durationSeconds,
  byteSize: row.byteSize,
  createdAt: row.createdAt.toISOString(),
});

export type Recordings = ReturnType<typeof createRecordings>;

/** The provider, telling `ended` after each meeting it deleted (the meeting has ended in our rows). */
export function stoppingRecordings(provider: MeetingProvider, ended: () => void): MeetingProvider {
  return {
    ...provider,
    name: provider.name,
    async deleteMeeting(meeting) {
      try {
        await provider.deleteMeeting(meeting);
      } finally {
        ended();
      }
    },
  };
}

export function createRecordings(deps: {
  db: Db;
  /** This server process (server/db/process-lease.ts): the recordings it starts are its own. */
  processId: string;
  /** null when meetings are the browser-to-browser mesh: their media never reaches a server. */
  recorder: Recorder | null;
  publish: Publish;
  jobs: JobRunner;
  now: () => Date;
  logger: { warn(obj: object, msg: string): void };
}) {
  const { db, recorder, jobs, now } = deps;

  const select = () =>
    db
      .select({ row: meetingRecordings, spaceId: meetings.spaceId })
      .from(meetingRecordings)
      .innerJoin(meetings, eq(meetings.id, meetingRecordings.meetingId));

  async function find(worldId: string, id: string) {
    const [found] = await select().where(
      and(eq(meetingRecordings.id, id), eq(meetingRecordings.worldId, worldId)),
    );
    if (!found) throw new RuleError('notFound', recordingMessages.notFound);
    return found;
  }

  async function announce(worldId: string, meetingId: string, recording: boolean) {
    const present = await currentAttendees(db, worldId, meetingId);
    if (present.length === 0) return;
    await deps.publish(
      worldId,
      { userIds: present.map((p) => p.userId) },
      { type: 'meeting.recording', meetingId, recording },
    );
  }

  /** Marks it failed with the reason and removes what was written; a row already done stays. */
  async function fail(row: Row, reason: string) {
    if (row.storage && recorder?.name === row.recorder)
      await recorder.remove(row.storage).catch((err: unknown) => {
        deps.logger.warn({ err }, 'recording: removing the files failed');
      });
    await db
      .update(meetingRecordings)
      .set({ status: 'failed', failureReason: reason, endedAt: row.endedAt ?? now() })
      .where(
        and(
          eq(meetingRecordings.id, row.id),
          inArray(meetingRecordings.status, ['recording', 'processing']),
        ),
      );
  }

  /** recording → processing now; the file is finished after the answer (ready or failed). */
  async function stop(row: Row) {
    const [stopped] = await db
      .update(meetingRecordings)
      .set({ status: 'processing', endedAt: now() })
      .where(and(eq(meetingRecordings.id, row.id), eq(meetingRecordings.status, 'recording')))
      .returning();
    if (!stopped) throw new RuleError('invalid', recordingMessages.notRecording);
    await announce(row.worldId, row.meetingId, false);
    jobs.run('finish recording', async () => {
      try {
        if (!recorder || !stopped.storage) throw new RecordingError(recordingMessages.finishFailed);
        const file = await recorder.finish(stopped.storage);
        const seconds = Math.round(
          (stopped.endedAt!.getTime() - stopped.startedAt.getTime()) / 1000,
        );
        await db
          .update(meetingRecordings)
          .set({
            status: 'ready',
            byteSize: file.byteSize,
            durationSeconds: file.durationSeconds ?? seconds,
          })
          .where(eq(meetingRecordings.id, row.id));
      } catch (err) {
        if (!(err instanceof RecordingError)) deps.logger.warn({ err }, 'recording: finish failed');
        await fail(
          stopped,
          err instanceof RecordingError ? err.message : recordingMessages.finishFailed,
        );
      }
    });
    return stopped;
  }

  function checkTitle(title: string) {
    const trimmed = title.trim();
    if (!trimmed) throw new RuleError('invalid', recordingMessages.titleBlank);
    return trimmed;
  }

  return {
    /** Whether the meeting is being recorded now (the join answer's `recording`). */
    async isRecording(meetingId: string) {
      const [row] = await db
        .select({ id: meetingRecordings.id })
        .from(meetingRecordings)
        .where(
          and(
            eq(meetingRecordings.meetingId, meetingId),
            eq(meetingRecordings.status, 'recording'),
          ),
        );
      return Boolean(row);
    },

    async list(worldId: string, page: number, perPage: number) {
      const where = eq(meetingRecordings.worldId, worldId);
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(meetingRecordings.createdAt), desc(meetingRecordings.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(meetingRecordings).where(where),
      ]);
      return {
        items: rows.map((r) => json(r.row, r.spaceId)),
        page,
        perPage,
        total: total?.n ?? 0,
      };
    },

    async get(worldId: string, id: string) {
      const found = await find(worldId, id);
      return json(found.row, found.spaceId);
    },

    async start(worldId: string, userId: string, input: { meetingId: string; title?: string }) {
      const [meeting] = await db
        .select({ meeting: meetings, spaceName: spaces.name })
        .from(meetings)
        .innerJoin(spaces, eq(spaces.id, meetings.spaceId))
        .where(and(eq(meetings.id, input.meetingId), eq(meetings.worldId, worldId)));
      if (!meeting) throw new RuleError('notFound', recordingMessages.meetingNotFound);
      if (meeting.meeting.endedAt) throw new RuleError('invalid', recordingMessages.notRunning);
      if (!recorder || meeting.meeting.provider === 'local')
        throw new RuleError('invalid', recordingMessages.notRecordable);
      const title =
        input.title === undefined ? `${meeting.spaceName}の録画` : checkTitle(input.title);
      const [row] = await db
        .insert(meetingRecordings)
        .values({
          worldId,
          meetingId: input.meetingId,
          startedBy: userId,
          title,
          status: 'recording',
          recorder: recorder.name,
          processId: deps.processId,
          startedAt: now(),
        })
        .returning()
        .catch((err: unknown) => {
          throw isUniqueViolation(err)
            ? new RuleError('conflict', recordingMessages.alreadyRecording)
            : err;
        });
      let storage: string;
      try {
        storage = await recorder.start({
          recordingId: row!.id,
          worldId,
          meeting: providerMeeting(meeting.meeting),
          onFailed: (reason) => {
            void (async () => {
              const [current] = await db
                .select()
                .from(meetingRecordings)
                .where(eq(meetingRecordings.id, row!.id));
              if (current?.status !== 'recording') return;
              await fail(current, reason);
              await announce(worldId, current.meetingId, false);
            })().catch((err: unknown) => deps.logger.warn({ err }, 'recording: failing failed'));
          },
        });
      } catch (err) {
        await db.delete(meetingRecordings).where(eq(meetingRecordings.id, row!.id));
        if (err instanceof RecordingError) throw new RuleError('invalid', err.message);
        deps.logger.warn({ err }, 'recording: start failed');
        throw new RuleError('unavailable', recordingMessages.startFailed);
      }
      const [started] = await db
        .update(meetingRecordings)
        .set({ storage })
        .where(eq(meetingRecordings.id, row!.id))
        .returning();
      await announce(worldId, input.meetingId, true);
      return json(started!, meeting.meeting.spaceId);
    },

    async update(worldId: string, id: string, input: { title?: string; stop?: boolean }) {
      const found = await find(worldId, id);
      const title = input.title === undefined ? undefined : checkTitle(input.title);
      let row = found.row;
      if (input.stop) row = await stop(row);
      if (title !== undefined) {
        [row] = (await db
          .update(meetingRecordings)
          .set({ title })
          .where(eq(meetingRecordings.id, id))
          .returning()) as [Row];
      }
      return json(row, found.spaceId);
    },

    async remove(worldId: string, id: string) {
      const { row } = await find(worldId, id);
      if (row.status === 'recording' || row.status === 'processing')
        throw new RuleError('invalid', recordingMessages.busy);
      // Files first: when removing them fails the row stays, and deleting again finishes the job.
      if (row.storage) await recorder?.remove(row.storage);
      await db.delete(meetingRecordings).where(eq(meetingRecordings.id, id));
    },

    async downloadUrl(worldId: string, id: string) {
      const { row } = await find(worldId, id);
      if (row.status !== 'ready' || !row.storage || !recorder)
        throw new RuleError('invalid', recordingMessages.notReady);
      const expiresAt = new Date(now().getTime() + DOWNLOAD_MINUTES * 60_000);
      const url = await recorder.downloadUrl(row.storage, expiresAt, row.title);
      return { url, expiresAt: expiresAt.toISOString() };
    },

    /** Stops the recordings of meetings that have ended (Chime has stopped capturing them). */
    async stopEnded() {
      const rows = await db
        .select({ row: meetingRecordings })
        .from(meetingRecordings)
        .innerJoin(meetings, eq(meetings.id, meetingRecordings.meetingId))
        .where(and(eq(meetingRecordings.status, 'recording'), isNotNull(meetings.endedAt)));
      for (const { row } of rows)
        await stop(row).catch((err: unknown) => {
          if (!(err instanceof RuleError)) deps.logger.warn({ err }, 'recording: stop failed');
        });
    },

    /**
     * What processes whose lease lapsed left unfinished (also those recorded before leases, with
     * no process): a recording on Amazon Chime goes on there and becomes this process's to stop;
     * one written by a dead process, or whose file it was finishing, is failed and its files
     * removed. The recordings of live processes are theirs: left alone.
     */
    async takeOver(processIds: string[]) {
      const owned = or(
        inArray(meetingRecordings.processId, processIds),
        isNull(meetingRecordings.processId),
      );
      const cut = await db
        .select()
        .from(meetingRecordings)
        .where(and(inArray(meetingRecordings.status, ['recording', 'processing']), owned));
      for (const row of cut) {
        if (row.recorder === 'chime' && row.status === 'recording')
          await db
            .update(meetingRecordings)
            .set({ processId: deps.processId })
            .where(eq(meetingRecordings.id, row.id));
        else await fail(row, recordingMessages.serverStopped);
      }
      return cut.length;
    },
  };
}
