// The roles of a world as people read them (the world's pages, the attendee list, the chat and
// its CSV export): one wording everywhere.

export type WorldRoleName = 'owner' | 'staff' | 'user';
export type WorldMemberRoleName = WorldRoleName | 'guest';

/** The caller's role in a world, as the list and the world's page say it. */
export const roleLabels: Readonly<Record<WorldRoleName, string>> = {
  owner: '主催者',
  staff: 'スタッフ',
  user: '参加者',
};

/** A member's role where guests (entered by a guest link) appear too. */
export const memberRoleLabels: Readonly<Record<WorldMemberRoleName, string>> = {
  ...roleLabels,
  guest: 'ゲスト',
};
