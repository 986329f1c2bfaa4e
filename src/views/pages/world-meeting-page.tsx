import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import {
  canLeave as selectCanLeave,
  isOutcome,
  isWatching,
  selectHearingTable,
  meetingPhase,
  selectCurrentSpaceId,
  selectMeetingId,
  selectSelfUserId,
  selectSession,
} from '../../machines/meeting.selectors';
import { isMicOn, micBlockedReason, ownShareStream } from '../../machines/devices.selectors';
import { mainFocusOf } from '../../domain/main-focus';
import { ChatNotice, ChatSidePanel, ChatUnread } from '../components/chat/chat-dock';
import { HandButton, HandNotice } from '../components/meeting/hands';
import { ReactionAnnouncer, ReactionPicker } from '../components/meeting/reactions';
import { BellNotice } from '../components/meeting/bell-panel';
import { EnterNotices } from '../components/meeting/enter-notices';
import { InformationBoard } from '../components/meeting/information-board';
import { LiveStreamPanel } from '../components/meeting/live-stream-panel';
import { QuestionnairePanel } from '../components/meeting/questionnaire-panel';
import { RecordingIndicator } from '../components/meeting/recording-control';
import { OwnerMenu } from '../components/meeting/owner-menu';
import { PeoplePanel, Roster } from '../components/meeting/people-panel';
import { MeetingOutcome } from '../components/meeting/meeting-outcome';
import { SettingsDialog } from '../components/meeting/settings-dialog';
import { SidePanels, useSidePanel, type PanelKey } from '../components/meeting/side-panels';
import { useLeaveBeacon } from '../components/meeting/use-leave-beacon';
import {
  useForcedMics,
  useMeetingSession,
  usePeopleMarks,
} from '../components/meeting/use-meeting-session';
import { usePresence, useWorldMeeting } from '../components/meeting/use-world-meeting';
import { useWorldView } from '../components/meeting/use-world-view';
import { MeetingAudio, VideoTiles } from '../components/meeting/video-tiles';
import { WorldLoadState } from '../components/meeting/world-load-state';
import { WorldToolbar } from '../components/meeting/world-toolbar';
import { AnnouncementBanner } from '../components/meeting/world-announcement';
import type { WorldActors } from '../components/meeting/world-actors';
import type { WorldView } from '../../services/meeting/meeting-api';
import type { MeetingSession } from '../../services/meeting/provider';
import type { SessionState } from '../../services/meeting/session-state';
import '../components/meeting/meeting.css';
import '../components/meeting/world-page.css';
import '../components/meeting/interaction.css';

// The map (its people, its list, pan and zoom) is asked for as soon as this page loads and drawn
// when it comes, while the meeting is still being joined: beside the page, not before it
// (docs/decisions/018-page-budget.md).
const worldMap = import('../components/meeting/world-map');
const WorldMap = lazy(() => worldMap.then((m) => ({ default: m.WorldMap })));

// Loaded on the panel's first opening, like the chat's (docs/decisions/018-page-budget.md).
const QuestionsPanel = lazy(() =>
  import('../components/meeting/questions-panel').then((m) => ({ default: m.QuestionsPanel })),
);

/**
 * /worlds/:worldId: the world as a place (docs/decisions/030-world-page-as-a-place.md). Inside
 * the meeting the page is the whole screen: the map with one's own space's videos above it, the
 * side panels beside it (over it on a phone) and one toolbar at the bottom; before and after it
 * (loading, joining, an outcome) a plain column.
 */
export function WorldMeetingPage() {
  const { worldId = '' } = useParams();
  const { state, reload } = useWorldView(worldId);
  const world = useWorldMeeting(worldId);
  if (state.kind === 'loaded' && world) return <Meeting world={world} view={state.world} />;
  return (
    <div className="meeting-page">
      <h1 className="meeting-title">ワールド</h1>
      {state.kind !== 'loaded' && <WorldLoadState state={state} onRetry={reload} />}
    </div>
  );
}

function Meeting({ world, view }: { world: WorldActors; view: WorldView }) {
  const { meeting } = world;
  const phase = useSelector(meeting, meetingPhase);
  if (phase === 'gate') return <Navigate to={`/worlds/${world.worldId}/gate`} replace />;
  if (phase === 'joining' || isOutcome(phase))
    return (
      <div className="meeting-page">
        <h1 className="meeting-title">{view.name}</h1>
        {phase === 'joining' ? (
          <p role="status">会議に参加しています…</p>
        ) : (
          <MeetingOutcome outcome={phase} meeting={meeting} worldId={world.worldId} />
        )}
      </div>
    );
  return <WorldPlace world={world} view={view} />;
}

function WorldPlace({ world, view }: { world: WorldActors; view: WorldView }) {
  const { meeting, devices } = world;
  const phase = useSelector(meeting, meetingPhase);
  const session = useSelector(meeting, selectSession);
  const meetingId = useSelector(meeting, selectMeetingId);
  const selfUserId = useSelector(meeting, selectSelfUserId);
  const canLeave = useSelector(meeting, selectCanLeave);
  const watching = useSelector(meeting, isWatching);
  const listening = useSelector(meeting, selectHearingTable) !== null;
  // The bell of "this space" is the one the visitor is in (a table, after moving on the map).
  const spaceId = useSelector(meeting, selectCurrentSpaceId) ?? view.mainSpaceId;
  const sessionState = useMeetingSession(session);
  const { tiles, attendees } = sessionState;
  const marks = usePeopleMarks(
    sessionState,
    {
      userId: selfUserId,
      micOn: useSelector(devices, isMicOn),
      micForced: useSelector(devices, (s) => micBlockedReason(s) === 'forced'),
    },
    useForcedMics(world.worldId, meetingId, attendees),
  );
  const ownShare = useSelector(devices, ownShareStream);
  const focus = mainFocusOf({
    othersShare: [...tiles.values()].some((tile) => tile.isContent),
    ownShare: ownShare !== null,
    watching,
  });
  const canModerate = view.role === 'owner' || view.role === 'staff';
  const panels = useSidePanel();
  const [settings, setSettings] = useState(false);
  useLeaveBeacon(meeting);
  const keys: PanelKey[] = [
    'people',
    'board',
    'questionnaires',
    'questions',
    'chat',
    ...(canModerate ? ['manage' as const] : []),
  ];
  const outside = watching ? ('watching' as const) : listening ? ('listening' as const) : null;
  const roster = meetingId && { world, meetingId, selfUserId, outside, attendees };

  return (
    <div className="world-page">
      <header className="world-head">
        <h1 className="world-title">{view.name}</h1>
        <RecordingIndicator world={world} />
      </header>
      <div className="world-body">
        {/* A share or the stage's video takes the main area, the map a small panel (ADR 040). */}
        <div className="world-main" data-focus={focus === 'map' ? undefined : focus}>
          <div className="world-notices">
            <AnnouncementBanner world={world} />
            <BellNotice world={world} spaceId={spaceId} />
            <EnterNotices world={world} selfUserId={selfUserId} spaceId={spaceId} />
            <ChatNotice chat={world.chat} />
            <HandNotice world={world} />
            <ReactionAnnouncer world={world} spaceId={spaceId} />
            {phase === 'connecting' && <p role="status">会議に接続しています…</p>}
            {phase === 'reconnecting' && <p role="status">接続が切れました。再接続しています…</p>}
          </div>
          <LiveStreamPanel world={world} part="watch" />
          {session && (
            <SpaceVideos
              world={world}
              session={session}
              tiles={tiles}
              speaking={sessionState.speaking}
              ownShare={ownShare}
            />
          )}
          {session && <MeetingAudio session={session} />}
          <Suspense fallback={<p role="status">会場マップを読み込んでいます…</p>}>
            <WorldMap world={world} marks={marks} canModerate={canModerate} />
          </Suspense>
        </div>
        <SidePanels
          state={panels}
          panels={{
            people: roster && (
              <PeoplePanel
                {...roster}
                spaceId={spaceId}
                canFind={view.role !== 'guest'}
                canTakeHands={canModerate}
              />
            ),
            board: (
              <InformationBoard world={world} initial={view.informationBoard} canEdit={false} />
            ),
            questionnaires: <QuestionnairePanel world={world} />,
            questions: (
              <Suspense fallback={<p role="status">質問を読み込んでいます…</p>}>
                <QuestionsPanel
                  world={world}
                  selfUserId={selfUserId}
                  canModerate={canModerate}
                  isOwner={view.role === 'owner'}
                />
              </Suspense>
            ),
            ...(canModerate && {
              manage: (
                <OwnerMenu
                  world={world}
                  spaceId={spaceId}
                  board={view.informationBoard}
                  roster={roster && <Roster {...roster} canModerate />}
                />
              ),
            }),
            chat: (
              <section className="side-panel-chat" aria-label="チャット">
                <ChatSidePanel
                  chat={world.chat}
                  isOwner={view.role === 'owner'}
                  people={world.presence}
                />
              </section>
            ),
          }}
        />
      </div>
      <WorldToolbar
        devices={devices}
        watching={watching}
        interact={
          !watching &&
          !listening && (
            <>
              <ReactionPicker worldId={world.worldId} />
              <HandButton world={world} />
            </>
          )
        }
        panels={{ keys, state: panels }}
        badges={{ chat: <ChatUnread chat={world.chat} /> }}
        onSettings={() => setSettings(true)}
        canLeave={canLeave}
        onLeave={() => meeting.send({ type: 'meeting.leave' })}
      />
      <SettingsDialog
        open={settings}
        onClose={() => setSettings(false)}
        world={world}
        devices={devices}
        watching={watching}
      />
    </div>
  );
}

/**
 * The videos of one's space, named from the presence: read here, not by the page, so that a move
 * elsewhere in the world renders the names again and not the whole page.
 */
function SpaceVideos({
  world,
  session,
  tiles,
  speaking,
  ownShare,
}: {
  world: WorldActors;
  session: MeetingSession;
  tiles: SessionState['tiles'];
  speaking: SessionState['speaking'];
  ownShare: MediaStream | null;
}) {
  return (
    <VideoTiles
      session={session}
      tiles={tiles}
      speaking={speaking}
      ownShare={ownShare}
      presence={usePresence(world)}
      reactions={world.reactions}
    />
  );
}
