import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  forceDevice,
  kickFromMeetings,
  MeetingApiError,
  type ForcedDevice,
} from '../../../services/meeting/meeting-api';
import type { AttendeePresence } from '../../../services/meeting/provider';
import type { Presence } from '../../../services/realtime/presence';
import { useApi } from '../../hooks/use-api';
import { useInvalidate, useQueryApi } from '../../hooks/use-api-query';
import { memberRoleLabels } from '../worlds/world-format';

interface Props {
  worldId: string;
  meetingId: string;
  selfUserId: string;
  /** Owner and staff act on attendees. */
  canModerate: boolean;
  /** Watching the stage's stream (ADR 026): not one of its attendees, so not listed. */
  watching: boolean;
  attendees: ReadonlyMap<string, AttendeePresence>;
  presence: Presence;
}

/**
 * Who is in the meeting, each with a name and a role badge, a guest also with the enter-page
 * badge they picked (a row nobody can name is not shown: it is someone leaving, whose row the
 * server ends within two heartbeats), the visitor first unless watching; for owner and staff,
 * forcing devices off and removing attendees.
 */
export function AttendeePanel({
  worldId,
  meetingId,
  selfUserId,
  canModerate,
  watching,
  attendees,
  presence,
}: Props) {
  const api = useApi();
  const invalidate = useInvalidate();
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmKick, setConfirmKick] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = { world_id: worldId, id: meetingId };
  // The attendees' records (names, roles, forced flags), asked again whenever
  // someone comes or goes: the roster is part of the key (openapi-react-query keeps unknown init
  // keys in the query key; openapi-fetch ignores them). A failure leaves the list showing who is
  // there; the forced flags show again on the next change.
  const roster = [...attendees.keys()].sort().join(',');
  const meeting = useQueryApi().useQuery(
    'get',
    '/api/worlds/{world_id}/chime_meetings/{id}',
    { params: { path }, roster },
    { staleTime: 0, placeholderData: keepPreviousData },
  );
  const records = meeting.data?.attendees.filter((a) => a.leftAt === null) ?? [];
  const refresh = () => void invalidate('/api/worlds/{world_id}/chime_meetings/{id}', path);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setErrors([]);
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

  const others = [...attendees.values()].flatMap((attendee) => {
    if (attendee.userId === selfUserId) return [];
    const record = records.find((r) => r.attendeeId === attendee.attendeeId);
    const member = presence.get(attendee.userId);
    const name = record?.name || member?.name;
    const role = record?.role ?? member?.role;
    const badge = record?.badge ?? null;
    return name && role ? [{ attendee, record, name, role, badge }] : [];
  });

  return (
    <section className="attendees" aria-labelledby="attendees-title">
      <h2 id="attendees-title">参加者 {others.length + (watching ? 0 : 1)}人</h2>
      {watching && (
        <p className="questionnaire-note">あなたは視聴中です（参加者には含まれません）。</p>
      )}
      {errors.length > 0 && (
        <div role="alert" className="device-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <ul className="attendee-list">
        {!watching && <li>あなた</li>}
        {others.map(({ attendee, record, name, role, badge }) => {
          const moderatable = canModerate && record !== undefined && record.role !== 'owner';
          const labels = [memberRoleLabels[role], ...(badge ? [badge.label] : [])].join('・');
          return (
            <li key={attendee.attendeeId} aria-label={`${name}（${labels}）`}>
              <span className="attendee-name">
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
                {attendee.muted && <span className="attendee-muted">（ミュート中）</span>}
              </span>
              {moderatable && (
                <div className="attendee-actions" role="group" aria-label={`${name}さんの操作`}>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => void force(attendee.userId, 'mic', !record.micForceDisabled)}
                  >
                    {record.micForceDisabled ? 'マイクの強制オフを解除' : 'マイクを強制オフ'}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => void force(attendee.userId, 'video', !record.videoForceDisabled)}
                  >
                    {record.videoForceDisabled ? 'カメラの強制オフを解除' : 'カメラを強制オフ'}
                  </button>
                  {confirmKick === attendee.attendeeId ? (
                    <div className="confirm" role="alertdialog" aria-label="退出の確認">
                      <p>
                        <strong>{name}さんを会議から退出させますか？</strong>
                      </p>
                      <button
                        type="button"
                        className="button button-danger"
                        disabled={busy}
                        onClick={() =>
                          void act(() => kickFromMeetings(api, worldId, attendee.userId))
                        }
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
                      onClick={() => setConfirmKick(attendee.attendeeId)}
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
