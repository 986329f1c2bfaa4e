import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { EnterPageSection } from '../components/guests/enter-page-section';
import { GuestsSection } from '../components/guests/guests-section';
import { InstantEntrancesSection } from '../components/guests/instant-entrances-section';
import { GuestLinksSection } from '../components/membership/guest-links-section';
import { MembersSection } from '../components/membership/members-section';
import { StaffInvitationsSection } from '../components/membership/staff-invitations-section';
import { sectionOf, WorldSectionsNav, type WorldSection } from '../components/membership/world-sections';
import { Notice } from '../components/form/notice';
import { useMyWorld } from '../components/worlds/use-my-world';
import { flashOf, worldLoadFailure, type World } from '../components/worlds/world-format';
import { LoadFailure } from '../components/load-failure';
import { WorldOverview } from '../components/worlds/world-overview';
import { useSession } from '../hooks/use-session';
import '../components/worlds/worlds.css';

/** /mypage/worlds/:id: one of the caller's worlds, its sections chosen with ?section=…. */
export function WorldDetailPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const flash = flashOf(location.state);
  const [searchParams] = useSearchParams();
  const { state, reload } = useMyWorld(id);

  return (
    <div className="page" aria-busy={state.kind === 'loading' || undefined}>
      <h1>{state.kind === 'loaded' ? state.world.name : 'ワールド'}</h1>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && <LoadFailure {...worldLoadFailure} status={state.status} errors={state.errors} onRetry={reload} />}
      {state.kind === 'loaded' && (
        <>
          {flash && (
            <Notice>
              <p>{flash}</p>
            </Notice>
          )}
          <Sections world={state.world} section={sectionOf(searchParams.get('section'), state.world.role)} onOwnRoleChanged={reload} />
        </>
      )}
      {state.kind !== 'failed' && (
        <p>
          <Link to="/mypage/worlds">ワールド一覧に戻る</Link>
        </p>
      )}
    </div>
  );
}

function Sections({ world, section, onOwnRoleChanged }: { world: World; section: WorldSection; onOwnRoleChanged: () => void }) {
  const selfId = useSession().user?.id ?? '';
  return (
    <>
      <WorldSectionsNav world={world} current={section} />
      {section === 'overview' && <WorldOverview world={world} />}
      {section === 'members' && <MembersSection key={world.id} world={world} selfId={selfId} onOwnRoleChanged={onOwnRoleChanged} />}
      {section === 'staff-invitations' && <StaffInvitationsSection key={world.id} world={world} />}
      {section === 'guest-links' && <GuestLinksSection key={world.id} world={world} />}
      {section === 'guests' && <GuestsSection key={world.id} world={world} />}
      {section === 'instant-entrances' && <InstantEntrancesSection key={world.id} world={world} />}
      {section === 'enter-page' && <EnterPageSection key={world.id} world={world} />}
    </>
  );
}
