import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';

type Status = components['schemas']['InvitationStatus'];

const invitationStatusLabels: Readonly<Record<Status, string>> = {
  pending: '承認待ち',
  accepted: '承認済み',
  expired: '期限切れ',
  revoked: '取り消し済み',
};

/** An invitation's status, then when it was accepted or until when it is valid (staff and attendee lists). */
export function InvitationStatusLine({
  invitation,
  zone,
}: {
  invitation: { status: Status; acceptedAt: string | null; expiresAt: string };
  zone: TimeZoneName;
}) {
  return (
    <p className="membership-item-meta">
      <span className={`world-role invitation-status-${invitation.status}`}>
        {invitationStatusLabels[invitation.status]}
      </span>{' '}
      {invitation.status === 'accepted' && invitation.acceptedAt
        ? `${formatDateTime(invitation.acceptedAt, zone)} 承認`
        : `有効期限 ${formatDateTime(invitation.expiresAt, zone)}`}
    </p>
  );
}
