import type { components } from '../../../services/api/schema';

type Status = components['schemas']['InvitationStatus'];

/** An invitation's status as the staff and attendee invitation lists show it. */
export const invitationStatusLabels: Readonly<Record<Status, string>> = {
  pending: '承認待ち',
  accepted: '承認済み',
  expired: '期限切れ',
  revoked: '取り消し済み',
};
