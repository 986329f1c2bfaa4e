import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { EnterPageSection } from '../components/guests/enter-page-section';
import { GuestsSection } from '../components/guests/guests-section';
import { InstantEntrancesSection } from '../components/guests/instant-entrances-section';
import { GuestLinksSection } from '../components/membership/guest-links-section';
import { MembersSection } from '../components/membership/members-section';
import { RecordingsSection } from '../components/membership/recordings-section';
import { RemovedAttendeesSection } from '../components/membership/removed-attendees-section';
import { RecentEntriesSection } from '../components/membership/recent-entries-section';
import {
  sectionOf,
  WorldSectionsNav,
  type WorldSection,
} from '../components/membership/world-sections';
import { Notice } from '../components/form/notice';
import { useMyWorld } from '../components/worlds/use-my-world';
import { flashOf, worldLoadFailure, type World } from '../components/worlds/world-format';
import { LoadFailure } from '../components/load-failure';
import { Loading } from '../components/loading';
import { WorldOverview } from '../components/worlds/world-overview';
import { useSession } from '../hooks/use-session';
import { invalidateMyWorld, invalidateMyWorlds } from '../../services/api/my-worlds-queries';
import '../components/worlds/worlds.css';

// The sections added since the page's budget was set, each loaded when opened (ADR 018).
const StaffInvitationsSection = lazy(() =>
  import('../components/membership/staff-invitations-section').then((m) => ({
    default: m.StaffInvitationsSection,
  })),
);
const MemberInvitationsSection = lazy(() =>
  import('../components/membership/member-invitations-section').then((m) => ({
    default: m.MemberInvitationsSection,
  })),
);
const ReservedDatesSection = lazy(() =>
  import('../components/membership/reserved-dates-section').then((m) => ({
    default: m.ReservedDatesSection,
  })),
);
// Under the overview, a list of links: loaded after it, off the page's budget (ADR 018).
const SameGroupWorlds = lazy(() =>
  import('../components/world-groups/same-group-worlds').then((m) => ({
    default: m.SameGroupWorlds,
  })),
);

/** /mypage/worlds/:id: one of the caller's worlds, its sections chosen with ?section=…. */
export function WorldDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const flash = flashOf(location.state);
  const [searchParams] = useSearchParams();
  const query = useMyWorld(id);
  const world = query.data;
  const queryClient = useQueryClient();
  // The caller's own role changed: the world (its role) and the list of worlds show it.
  const onOwnRoleChanged = () => {
    void invalidateMyWorld(queryClient, id);
    void invalidateMyWorlds(queryClient);
  };

  return (
    <div className="page" aria-busy={query.isPending || undefined}>
      <h1>{world ? world.name : 'ワールド'}</h1>
      {!world && query.isPending && <Loading />}
      {!world && query.error && (
        <LoadFailure
          {...worldLoadFailure}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {world && (
        <>
          {flash && (
            <Notice>
              <p>{flash}</p>
            </Notice>
          )}
          <p className="button-row">
            <Link className="button button-primary" to={`/worlds/${world.id}/gate`}>
              ワールドに入る
            </Link>
            {/* Owner and staff lay out the world (docs/decisions/015-world-space.md). */}
            {(world.role === 'owner' || world.role === 'staff') && (
              <Link className="button" to={`/mypage/worlds/${world.id}/editLayout`}>
                レイアウトを編集
              </Link>
            )}
          </p>
          <Sections
            world={world}
            section={sectionOf(searchParams.get('section'), world.role)}
            onOwnRoleChanged={onOwnRoleChanged}
          />
        </>
      )}
      {(world || !query.error) && (
        <p>
          <Link to="/mypage/worlds">ワールド一覧に戻る</Link>
        </p>
      )}
    </div>
  );
}

function Sections({
  world,
  section,
  onOwnRoleChanged,
}: {
  world: World;
  section: WorldSection;
  onOwnRoleChanged: () => void;
}) {
  const selfId = useSession().user?.id ?? '';
  return (
    <>
      <WorldSectionsNav world={world} current={section} />
      {section === 'overview' && <WorldOverview world={world} />}
      {section === 'overview' && (
        <Suspense fallback={<Loading />}>
          <SameGroupWorlds key={world.id} worldId={world.id} />
        </Suspense>
      )}
      {section === 'members' && (
        <MembersSection
          key={world.id}
          world={world}
          selfId={selfId}
          onOwnRoleChanged={onOwnRoleChanged}
        />
      )}
      {section === 'staff-invitations' && (
        <Suspense fallback={<Loading />}>
          <StaffInvitationsSection key={world.id} world={world} />
        </Suspense>
      )}
      {section === 'member-invitations' && (
        <MemberInvitationsSection key={world.id} world={world} />
      )}
      {section === 'guest-links' && <GuestLinksSection key={world.id} world={world} />}
      {section === 'guests' && <GuestsSection key={world.id} world={world} />}
      {section === 'instant-entrances' && <InstantEntrancesSection key={world.id} world={world} />}
      {section === 'enter-page' && <EnterPageSection key={world.id} world={world} />}
      {section === 'removed-attendees' && <RemovedAttendeesSection key={world.id} world={world} />}
      {section === 'recent-entries' && <RecentEntriesSection key={world.id} world={world} />}
      {section === 'recordings' && <RecordingsSection key={world.id} world={world} />}
      {section === 'reserved-dates' && (
        <Suspense fallback={<Loading />}>
          <ReservedDatesSection key={world.id} world={world} />
        </Suspense>
      )}
    </>
  );
}
