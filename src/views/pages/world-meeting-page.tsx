import { useSelector } from '@xstate/react';
import { Navigate, useParams } from 'react-router';
import type { MeetingSnapshot } from '../../machines/meeting.machine';
import { AttendeePanel } from '../components/meeting/attendee-panel';
import { DeviceControls } from '../components/meeting/device-controls';
import { MeetingOutcome, type Outcome } from '../components/meeting/meeting-outcome';
import { useMeetingSession } from '../components/meeting/use-meeting-session';
import { usePresence, useWorldMeeting } from '../components/meeting/use-world-meeting';
import { useWorldView } from '../components/meeting/use-world-view';
import { MeetingAudio, VideoTiles } from '../components/meeting/video-tiles';
import { WorldLoadState } from '../components/meeting/world-load-state';
import type { WorldMeeting } from '../components/meeting/world-meeting';
import type { WorldView } from '../../services/meeting/meeting-api';
import '../components/meeting/meeting.css';

const OUTCOMES: readonly Outcome[] = ['left', 'ended', 'kicked', 'joinedElsewhere', 'full', 'failed'];

/** Where the meeting stands, as one narrow value for the page. */
function phaseOf(s: MeetingSnapshot): 'gate' | 'joining' | 'connecting' | 'connected' | 'reconnecting' | Outcome {
  if (s.matches('gate')) return 'gate';
  if (s.matches('joining') || s.matches('starting')) return 'joining';
  if (s.matches({ session: 'connecting' })) return 'connecting';
  if (s.matches({ session: 'reconnecting' })) return 'reconnecting';
  if (s.matches('session')) return 'connected';
  return OUTCOMES.find((outcome) => s.matches(outcome)) ?? 'failed';
}
const selectSession = (s: MeetingSnapshot) => s.context.session;
const selectMeetingId = (s: MeetingSnapshot) => s.context.join?.id ?? null;
const selectSelfUserId = (s: MeetingSnapshot) => s.context.join?.attendee.ExternalUserId ?? '';

/** /worlds/:worldId: the meeting of the world's main space. */
export function WorldMeetingPage() {
  const { worldId = '' } = useParams();
  const { state, reload } = useWorldView(worldId);
  const world = useWorldMeeting(worldId);
  return (
    <div className="meeting-page">
      <h1 className="meeting-title">{state.kind === 'loaded' ? state.world.name : 'ワールド'}</h1>
      {state.kind !== 'loaded' ? <WorldLoadState state={state} onRetry={reload} /> : world && <Meeting world={world} view={state.world} />}
    </div>
  );
}

function Meeting({ world, view }: { world: WorldMeeting; view: WorldView }) {
  const { meeting, devices } = world;
  const phase = useSelector(meeting, phaseOf);
  const session = useSelector(meeting, selectSession);
  const meetingId = useSelector(meeting, selectMeetingId);
  const selfUserId = useSelector(meeting, selectSelfUserId);
  const canLeave = useSelector(meeting, (s) => s.can({ type: 'meeting.leave' }));
  const presence = usePresence(world);
  const { tiles, attendees } = useMeetingSession(session);

  // Entering is the gate's job (device check first); a direct visit starts there.
  if (phase === 'gate') return <Navigate to={`/worlds/${world.worldId}/gate`} replace />;
  if (phase === 'joining') return <p role="status">会議に参加しています…</p>;
  if (OUTCOMES.includes(phase as Outcome)) return <MeetingOutcome outcome={phase as Outcome} meeting={meeting} worldId={world.worldId} />;

  return (
    <div className="meeting">
      {phase === 'connecting' && <p role="status">会議に接続しています…</p>}
      {phase === 'reconnecting' && <p role="status">接続が切れました。再接続しています…</p>}
      {session && <VideoTiles session={session} tiles={tiles} presence={presence} />}
      {session && <MeetingAudio session={session} />}
      <div className="meeting-bar">
        <DeviceControls devices={devices} screenShare />
        <button type="button" className="button button-danger" disabled={!canLeave} onClick={() => meeting.send({ type: 'meeting.leave' })}>
          退出する
        </button>
      </div>
      {meetingId && (
        <AttendeePanel
          worldId={world.worldId}
          meetingId={meetingId}
          selfUserId={selfUserId}
          canModerate={view.role === 'owner' || view.role === 'staff'}
          attendees={attendees}
          presence={presence}
        />
      )}
    </div>
  );
}
