import { Link } from 'react-router';
import type { World, WorldRole } from '../worlds/world-format';
import './membership.css';

export type WorldSection =
  | 'overview'
  | 'members'
  | 'staff-invitations'
  | 'member-invitations'
  | 'reserved-dates'
  | 'guest-links'
  | 'guests'
  | 'instant-entrances'
  | 'enter-page'
  | 'removed-attendees'
  | 'recent-entries'
  | 'recordings';

type Entry = { label: string; roles: readonly WorldRole[] } & (
  { section: WorldSection } | { path: string }
);

// Who sees what follows the contract's x-world-roles: staff invitations are the owners' only.
const entries: readonly Entry[] = [
  { section: 'overview', label: '概要', roles: ['owner', 'staff'] },
  { section: 'members', label: 'メンバー', roles: ['owner', 'staff'] },
  { section: 'staff-invitations', label: 'スタッフ招待', roles: ['owner'] },
  { section: 'member-invitations', label: '参加者の招待', roles: ['owner', 'staff'] },
  { section: 'guest-links', label: 'ゲスト用リンク', roles: ['owner', 'staff'] },
  { section: 'guests', label: 'ゲスト', roles: ['owner', 'staff'] },
  { section: 'instant-entrances', label: 'かんたん入場', roles: ['owner', 'staff'] },
  { section: 'enter-page', label: '入場ページの案内', roles: ['owner', 'staff'] },
  { section: 'removed-attendees', label: '退出させた参加者', roles: ['owner', 'staff'] },
  { section: 'recent-entries', label: '最近の入場', roles: ['owner', 'staff'] },
  { section: 'recordings', label: '録画', roles: ['owner', 'staff'] },
  { section: 'reserved-dates', label: '予約した日程', roles: ['owner'] },
  { path: 'invitation', label: '招待用の画面', roles: ['owner', 'staff'] },
  { path: 'questionnaires', label: 'アンケート', roles: ['owner', 'staff'] },
  { path: 'events', label: 'イベントのお知らせ', roles: ['owner', 'staff'] },
  { path: 'insights', label: 'インサイト', roles: ['owner', 'staff'] },
];

/** The section of ?section=…, if the caller's role may see it; the overview otherwise. */
export function sectionOf(value: string | null, role: WorldRole): WorldSection {
  const entry = entries.find((e) => 'section' in e && e.section === value);
  return entry && 'section' in entry && entry.roles.includes(role) ? entry.section : 'overview';
}

/** The world's management sections; the entries with a path are pages of their own. */
export function WorldSectionsNav({ world, current }: { world: World; current: WorldSection }) {
  const base = `/mypage/worlds/${world.id}`;
  return (
    <nav className="membership-nav" aria-label="ワールドの管理">
      <ul>
        {entries
          .filter((entry) => entry.roles.includes(world.role))
          .map((entry) =>
            'section' in entry ? (
              <li key={entry.section}>
                <Link
                  to={entry.section === 'overview' ? base : `${base}?section=${entry.section}`}
                  aria-current={entry.section === current ? 'page' : undefined}
                  preventScrollReset
                >
                  {entry.label}
                </Link>
              </li>
            ) : (
              <li key={entry.path}>
                <Link to={`${base}/${entry.path}`}>{entry.label}</Link>
              </li>
            ),
          )}
      </ul>
    </nav>
  );
}
