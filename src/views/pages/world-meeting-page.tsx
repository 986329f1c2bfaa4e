import { useSelector } from '@xstate/react';
import { Navigate, useParams } from 'react-router';
import {
  canLeave as selectCanLeave,
  isOutcome,
  isWatching,
  meetingPhase,
  selectCurrentSpaceId,
  selectMeetingId,
  selectSelfUserId,
  selectSession,
} from '../../machines/meeting.selectors';
import { ChatDock } from '../components/chat/chat-dock';
import { AttendeePanel } from '../components/meeting/attendee-panel';
import { DeviceControls } from '../components/meeting/device-controls';
import { BellNotice, BellRinger } from '../components/meeting/bell-panel';
import { EnterNotices } from '../components/meeting/enter-notices';
import { HighFrameRateToggle } from '../components/meeting/high-frame-rate-toggle';
import { InformationBoard } from '../components/meeting/information-board';
import { LiveStreamPanel } from '../components/meeting/live-stream-panel';
import { QuestionnairePanel } from '../components/meeting/questionnaire-panel';
import { RecordingControl } from '../components/meeting/recording-control';
import { MeetingOutcome } from '../components/meeting/meeting-outcome';
import { useMeetingSession } from '../components/meeting/use-meeting-session';
import { usePresence, useWorldMeeting } from '../components/meeting/use-world-meeting';
import { useWorldView } from '../components/meeting/use-world-view';
import { MeetingAudio, VideoTiles } from '../components/meeting/video-tiles';
import { WorldLoadState } from '../components/meeting/world-load-state';
import { WorldMap } from '../components/meeting/world-map';
import type { WorldActors } from '../components/meeting/world-actors';
import type { WorldView } from '../../services/meeting/meeting-api';
import '../components/meeting/meeting.css';

/** /worlds/:worldId: the meeting of the visitor's space (the main hall first), with the map. */
export function WorldMeetingPage() {
  const { worldId = '' } = useParams();
  const { state, reload } = useWorldView(worldId);
  const world = useWorldMeeting(worldId);
  return (
    <div className="meeting-page">
      <h1 className="meeting-title">{state.kind === 'loaded' ? state.world.name : 'ワールド'}</h1>
      {state.kind !== 'loaded' ? (
        <WorldLoadState state={state} onRetry={reload} />
      ) : (
        world && <Meeting world={world} view={state.world} />
      )}
    </div>
  );
}

function Meeting({ world, view }: { world: WorldActors; view: WorldView }) {
  const { meeting, devices } = world;
  const phase = useSelector(meeting, meetingPhase);
  const session = useSelector(meeting, selectSession);
  const meetingId = useSelector(meeting, selectMeetingId);
  const selfUserId = useSelector(meeting, selectSelfUserId);
  const canLeave = useSelector(meeting, selectCanLeave);
  const watching = useSelector(meeting, isWatching);
  // The bell of "this space" is the one the visitor is in (a table, after moving on the map).
  const spaceId = useSelector(meeting, selectCurrentSpaceId) ?? view.mainSpaceId;
  const presence = usePresence(world);
  const { tiles, attendees } = useMeetingSession(session);
  const canModerate = view.role === 'owner' || view.role === 'staff';

  // Entering is the gate's job (device check first); a direct visit starts there.
  if (phase === 'gate') return <Navigate to={`/worlds/${world.worldId}/gate`} replace />;
  if (phase === 'joining') return <p role="status">会議に参加しています…</p>;
  if (isOutcome(phase))
    return <MeetingOutcome outcome={phase} meeting={meeting} worldId={world.worldId} />;

  return (
    <div className="meeting">
      <BellNotice world={world} spaceId={spaceId} />
      <EnterNotices world={world} selfUserId={selfUserId} spaceId={spaceId} />
      {phase === 'connecting' && <p role="status">会議に接続しています…</p>}
      {phase === 'reconnecting' && <p role="status">接続が切れました。再接続しています…</p>}
      {session && <VideoTiles session={session} tiles={tiles} presence={presence} />}
      {session && <MeetingAudio session={session} />}
      <div className="meeting-bar">
        {/* A watcher sends nothing (ADR 026): no device controls until attending again. */}
        {!watching && <DeviceControls devices={devices} screenShare />}
        {!watching && <HighFrameRateToggle world={world} />}
        <RecordingControl world={world} canRecord={canModerate} />
        <button
          type="button"
          className="button button-danger"
          disabled={!canLeave}
          onClick={() => meeting.send({ type: 'meeting.leave' })}
        >
          退出する
        </button>
      </div>
      <ChatDock chat={world.chat} isOwner={view.role === 'owner'} />
      <LiveStreamPanel world={world} canManage={canModerate} />
      <WorldMap world={world} presence={presence} />
      {meetingId && (
        <AttendeePanel
          worldId={world.worldId}
          meetingId={meetingId}
          selfUserId={selfUserId}
          canModerate={canModerate}
          watching={watching}
          attendees={attendees}
        />
      )}
      <InformationBoard world={world} initial={view.informationBoard} canEdit={canModerate} />
      {canModerate && <BellRinger worldId={world.worldId} spaceId={spaceId} />}
      <QuestionnairePanel worldId={world.worldId} />
    </div>
  );
}
