import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { DevicesSnapshot } from '../../machines/devices.machine';
import {
  canJoin,
  deviceErrorOf,
  isAsking,
  isChecking,
  isBackgroundStarting,
  isListenOnly,
  previewStream,
} from '../../machines/devices.selectors';
import { canJoinSpace, isInMeeting } from '../../machines/meeting.selectors';
import { DeviceToggles } from '../components/meeting/device-controls';
import { DeviceSettings } from '../components/meeting/device-settings';
import { WatchFromGate } from '../components/meeting/watch-from-gate';
import { MicLevelMeter } from '../components/meeting/mic-level-meter';
import { StreamVideo } from '../components/meeting/stream-video';
import { useWorldMeeting } from '../components/meeting/use-world-meeting';
import { useWorldView } from '../components/meeting/use-world-view';
import { WorldLoadState } from '../components/meeting/world-load-state';
import type { WorldActors } from '../components/meeting/world-actors';
import '../components/meeting/meeting.css';

const selectMic = (s: DevicesSnapshot) => s.context.micStream;

// The world's card with its dates (date-fns and its Japanese locale): loaded beside the device
// check, off the page's budget (ADR 018); the check does not wait for it.
const GateOutline = lazy(() =>
  import('../components/meeting/gate-outline').then((m) => ({ default: m.GateOutline })),
);

/** /worlds/:worldId/gate: the device check before entering. */
export function WorldGatePage() {
  const { worldId = '' } = useParams();
  const { state, reload } = useWorldView(worldId);
  const world = useWorldMeeting(worldId);
  return (
    <div className="meeting-page meeting-gate">
      <h1>{state.kind === 'loaded' ? `${state.world.name}の入口` : 'ワールドの入口'}</h1>
      {state.kind !== 'loaded' ? (
        <WorldLoadState state={state} onRetry={reload} />
      ) : (
        <>
          <Suspense fallback={null}>
            <GateOutline worldId={worldId} />
          </Suspense>
          {world && <Gate world={world} spaceId={state.world.mainSpaceId} />}
        </>
      )}
    </div>
  );
}

function Gate({ world, spaceId }: { world: WorldActors; spaceId: string }) {
  const navigate = useNavigate();
  const { devices, meeting } = world;
  const checking = useSelector(devices, isChecking);
  const asking = useSelector(devices, isAsking);
  const listenOnly = useSelector(devices, isListenOnly);
  const ready = useSelector(devices, canJoin);
  const guidance = useSelector(devices, deviceErrorOf);
  const camera = useSelector(devices, previewStream);
  const backgroundStarting = useSelector(devices, isBackgroundStarting);
  const mic = useSelector(devices, selectMic);
  const canEnter = useSelector(meeting, canJoinSpace(spaceId));
  const inMeeting = useSelector(meeting, isInMeeting);

  const enter = () => {
    meeting.send({ type: 'meeting.join', spaceId });
    void navigate(`/worlds/${world.worldId}`);
  };

  return (
    <>
      <p>入場する前に、カメラとマイクを確かめてください。</p>
      {checking && <p role="status">カメラとマイクを確認しています…</p>}
      {asking && (
        <p role="status">
          ブラウザーに表示される確認で、カメラとマイクの使用を「許可」してください。
        </p>
      )}
      {listenOnly && (
        <div className="device-guidance" role="alert">
          <h2>カメラとマイクを使えません</h2>
          {guidance && <p>{guidance}</p>}
          <button
            type="button"
            className="button"
            onClick={() => devices.send({ type: 'devices.retry' })}
          >
            もう一度試す
          </button>
        </div>
      )}
      {!listenOnly && !checking && !asking && (
        <div className="gate-check">
          <div className="gate-preview">
            {camera ? (
              <StreamVideo stream={camera} label="カメラのプレビュー" className="preview-video" />
            ) : (
              <p className="preview-off">
                {backgroundStarting ? '背景を準備しています…' : 'カメラはオフです'}
              </p>
            )}
          </div>
          <MicLevelMeter stream={mic} />
          <DeviceToggles devices={devices} />
          <DeviceSettings devices={devices} />
        </div>
      )}
      <div className="button-row">
        {inMeeting ? (
          <Link className="button button-primary" to={`/worlds/${world.worldId}`}>
            会議に戻る
          </Link>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={!ready || !canEnter}
            onClick={enter}
          >
            {listenOnly ? 'マイク・カメラなしで参加' : '入場する'}
          </button>
        )}
        {!inMeeting && (
          <WatchFromGate world={world} onWatch={() => void navigate(`/worlds/${world.worldId}`)} />
        )}
      </div>
    </>
  );
}
