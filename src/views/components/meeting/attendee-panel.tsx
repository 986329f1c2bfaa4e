import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { invalidateMeetingAttendees, meetingQueries } from '../../../services/api/meetings-queries';
import {
  batchKick,
  forceDevice,
  kickFromMeetings,
  MeetingApiError,
  muteAll,
  type ForcedDevice,
} from '../../../services/meeting/meeting-api';
import type { AttendeePresence } from '../../../services/meeting/provider';
import type { PresenceStore } from '../../../services/realtime/presence';
import { useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { LoadFailure } from '../load-failure';
import { memberRoleLabels } from '../worlds/world-format';
import { ChooseBox, chosenOf } from './attendee-choice';
import { PersonIcon } from './person-icon';

// Owner and staff only: loaded when their panel first shows it, off the page's budget (ADR 018).
const BatchKick = lazy(() =>
  import('./attendee-batch-kick').then((m) => ({ default: m.BatchKick })),
);

/** Why the visitor is not among the attendees listed. */
const OUTSIDE_NOTES = {
  watching: 'あなたは視聴中です（参加者には含まれません）。',
  listening: 'あなたはこのテーブルを聞いています（参加者には含まれません）。',
} as const;

interface Props {
  worldId: string;
  meetingId: string;
  selfUserId: string;
  /** Owner and staff act on attendees. */
  canModerate: boolean;
  /**
   * Receiving only, so not one of its attendees and not listed: watching the stage's stream
   * (ADR 026) or listening to the table (ADR 038); null when attending.
   */
  outside: keyof typeof OUTSIDE_NOTES | null;
  /** The media session's other attendees: when they change, the list is asked again. */
  attendees: ReadonlyMap<string, AttendeePresence>;
  /** Each person's status (nowDoing, from the presence), shown after the name. */
  statusOf: (userId: string) => string | null;
  /** Who is in the world: each row's icon comes from there. */
  people: PresenceStore;
}

/**
 * Who is in the meeting, each with a name and a role badge, a guest also with the enter-page
 * badge they picked, the visitor first unless receiving only; for owner and staff, forcing devices off
 * and removing attendees, one by one or the chosen ones together. The rows and the heading's count are the server's attendance (ADR 016)
 * and nothing else: a realtime socket that drops (presence) or a media connection that comes and
 * goes does not make a person flicker out of the list and back while their attendance holds.
 */
export function AttendeePanel({
  worldId,
  meetingId,
  selfUserId,
  canModerate,
  outside,
  attendees,
  statusOf,
  people,
}: Props) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmKick, setConfirmKick] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const titleId = useId();
  // The meeting's present attendees (names, roles, forced flags), asked again whenever the
  // session hears someone come or go: the roster is part of the key. Until the answer for the
  // new roster comes, the previous one stays listed.
  const roster = [...attendees.keys()].sort().join(',');
  const meeting = useQuery({
    ...meetingQueries.attendees(useQueryApi(), worldId, meetingId, roster),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const records = meeting.data?.attendees.filter((a) => a.leftAt === null) ?? [];
  const refresh = () => void invalidateMeetingAttendees(queryClient, worldId, meetingId);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setErrors([]);
    setDone(null);
    try {
      await action();
    } catch (error) {
      setErrors(
        error instanceof MeetingApiError
          ? error.messages
          : ['操作できませんでした。もう一度お試しください。'],
      );
    } finally {
      setBusy(false);
      setConfirmKick(null);
      refresh();
    }
  };
  const force = (userId: string, device: ForcedDevice, disabled: boolean) =>
    act(() => forceDevice(api, worldId, meetingId, { userId, device, disabled }));

  const others = records.filter((record) => record.userId !== selfUserId);
  const kickable = others.filter((record) => canModerate && record.role !== 'owner');
  const chosen = chosenOf(kickable, selected);
  const choose = (userId: string, checked: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (checked) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const kickChosen = (userIds: string[]) =>
    act(async () => {
      const { kickedCount } = await batchKick(api, worldId, meetingId, userIds);
      setSelected(new Set());
      setDone(`${kickedCount}人を会議から退出させました。`);
    });

  return (
    <section className="attendees" aria-labelledby={titleId}>
      <h2 id={titleId}>参加者 {others.length + (outside ? 0 : 1)}人</h2>
      {outside && <p className="questionnaire-note">{OUTSIDE_NOTES[outside]}</p>}
      {meeting.isError && (
        <LoadFailure error={meeting.error} what="参加者の一覧" onRetry={refresh} />
      )}
      {errors.length > 0 && (
        <div role="alert" className="device-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {done && <p role="status">{done}</p>}
      {kickable.length > 0 && (
        <Suspense fallback={null}>
          <BatchKick chosen={chosen} busy={busy} onKick={kickChosen} />
        </Suspense>
      )}
      {canModerate && others.length > 0 && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void act(() => muteAll(api, worldId, meetingId))}
        >
          全員のマイクをオフ
        </button>
      )}
      <ul className="attendee-list">
        {!outside && <li>あなた</li>}
        {others.map((record) => {
          const { attendeeId, userId, name, role, badge } = record;
          const moderatable = kickable.includes(record);
          const status = statusOf(userId);
          const labels = [
            memberRoleLabels[role],
            ...(badge ? [badge.label] : []),
            ...(status ? [status] : []),
          ].join('・');
          return (
            <li key={attendeeId} aria-label={`${name}（${labels}）`}>
              <span className="attendee-name">
                {moderatable && (
                  <ChooseBox person={record} checked={selected.has(userId)} onChange={choose} />
                )}
                <PersonIcon people={people} userId={userId} name={name} />
                {name}
                <span className={`attendee-badge attendee-badge-${role}`}>
                  {memberRoleLabels[role]}
                </span>
                {badge && (
                  <span className="attendee-badge attendee-badge-picked">
                    <span
                      className="attendee-badge-colour"
                      style={{ background: badge.color }}
                      aria-hidden="true"
                    />
                    {badge.label}
                  </span>
                )}
                {status && <span className="attendee-status">{status}</span>}
                {attendees.get(attendeeId)?.muted && (
                  <span className="attendee-muted">（ミュート中）</span>
                )}
              </span>
              {moderatable && (
                <div className="attendee-actions" role="group" aria-label={`${name}さんの操作`}>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => void force(userId, 'mic', !record.micForceDisabled)}
                  >
                    {record.micForceDisabled ? 'マイクの強制オフを解除' : 'マイクを強制オフ'}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => void force(userId, 'video', !record.videoForceDisabled)}
                  >
                    {record.videoForceDisabled ? 'カメラの強制オフを解除' : 'カメラを強制オフ'}
                  </button>
                  {confirmKick === attendeeId ? (
                    <div className="confirm" role="alertdialog" aria-label="退出の確認">
                      <p>
                        <strong>{name}さんを会議から退出させますか？</strong>
                      </p>
                      <button
                        type="button"
                        className="button button-danger"
                        disabled={busy}
                        onClick={() => void act(() => kickFromMeetings(api, worldId, userId))}
                      >
                        退出させる
                      </button>
                      <button type="button" className="button" onClick={() => setConfirmKick(null)}>
                        やめる
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => setConfirmKick(attendeeId)}
                    >
                      退出させる…
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
