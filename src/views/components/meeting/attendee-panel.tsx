import { useCallback, useEffect, useState } from 'react';
import { forceDevice, kickFromMeetings, listAttendees, MeetingApiError, type ForcedDevice, type MeetingAttendee } from '../../../services/meeting/meeting-api';
import type { AttendeePresence } from '../../../services/meeting/provider';
import type { Presence } from '../../../services/realtime/presence';
import { useApi } from '../../hooks/use-api';

interface Props {
  worldId: string;
  meetingId: string;
  selfUserId: string;
  /** Owner and staff act on attendees. */
  canModerate: boolean;
  attendees: ReadonlyMap<string, AttendeePresence>;
  presence: Presence;
}

/** Who is in the meeting; for owner and staff, forcing devices off and removing attendees. */
export function AttendeePanel({ worldId, meetingId, selfUserId, canModerate, attendees, presence }: Props) {
  const api = useApi();
  const [records, setRecords] = useState<MeetingAttendee[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmKick, setConfirmKick] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rosterKey = [...attendees.keys()].sort().join(',');

  const refresh = useCallback(async () => {
    if (!canModerate) return;
    try {
      setRecords(await listAttendees(api, worldId, meetingId));
    } catch {
      // The list still shows who is there; the forced flags show again on the next change.
    }
  }, [api, worldId, meetingId, canModerate]);

  useEffect(() => {
    void refresh();
  }, [refresh, rosterKey]);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setErrors([]);
    try {
      await action();
    } catch (error) {
      setErrors(error instanceof MeetingApiError ? error.messages : ['操作できませんでした。もう一度お試しください。']);
    } finally {
      setBusy(false);
      setConfirmKick(null);
      void refresh();
    }
  };
  const force = (userId: string, device: ForcedDevice, disabled: boolean) => act(() => forceDevice(api, worldId, meetingId, { userId, device, disabled }));

  const others = [...attendees.values()].filter((a) => a.userId !== selfUserId);
  const nameOf = (userId: string) => presence.get(userId)?.name ?? '参加者';

  return (
    <section className="attendees" aria-labelledby="attendees-title">
      <h2 id="attendees-title">参加者 {others.length + 1}人</h2>
      {errors.length > 0 && (
        <div role="alert" className="device-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <ul className="attendee-list">
        <li>あなた</li>
        {others.map((attendee) => {
          const name = nameOf(attendee.userId);
          const record = records.find((r) => r.attendeeId === attendee.attendeeId);
          const moderatable = canModerate && record !== undefined && record.role !== 'owner';
          return (
            <li key={attendee.attendeeId} aria-label={name}>
              <span className="attendee-name">
                {name}
                {attendee.muted && <span className="attendee-muted">（ミュート中）</span>}
              </span>
              {moderatable && (
                <div className="attendee-actions" role="group" aria-label={`${name}さんの操作`}>
                  <button type="button" className="button" disabled={busy} onClick={() => void force(attendee.userId, 'mic', !record.micForceDisabled)}>
                    {record.micForceDisabled ? 'マイクの強制オフを解除' : 'マイクを強制オフ'}
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void force(attendee.userId, 'video', !record.videoForceDisabled)}>
                    {record.videoForceDisabled ? 'カメラの強制オフを解除' : 'カメラを強制オフ'}
                  </button>
                  {confirmKick === attendee.attendeeId ? (
                    <div className="confirm" role="alertdialog" aria-label="退出の確認">
                      <p>
                        <strong>{name}さんを会議から退出させますか？</strong>
                      </p>
                      <button type="button" className="button button-danger" disabled={busy} onClick={() => void act(() => kickFromMeetings(api, worldId, attendee.userId))}>
                        退出させる
                      </button>
                      <button type="button" className="button" onClick={() => setConfirmKick(null)}>
                        やめる
                      </button>
                    </div>
                  ) : (
                    <button type="button" className="button" disabled={busy} onClick={() => setConfirmKick(attendee.attendeeId)}>
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
