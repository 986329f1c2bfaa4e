import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { devicesMachine } from '../../../machines/devices.machine';
import {
  canShareScreen,
  deviceErrorOf,
  isActive,
  isCameraBusy,
  isCameraOn,
  isCameraOpening,
  isMicOn,
  isOpening,
  isReleased,
  isSharingScreen,
  micBlockedReason,
  videoBlockedReason,
  type BlockedReason,
} from '../../../machines/devices.selectors';

export type DevicesActor = ActorRefFrom<typeof devicesMachine>;

const FORCED = '管理者によりオフにされています';
const blockedText: Record<Exclude<BlockedReason, null>, (device: string) => string> = {
  forced: () => FORCED,
  noDevice: (device) => `${device}が使えません`,
};

interface ToggleProps {
  id: string;
  label: string;
  on: boolean;
  blocked: BlockedReason;
  busy?: boolean;
  onToggle: () => void;
}

/** An on/off button; while blocked (forced off, no device) it says why and cannot be turned on. */
function DeviceToggle({ id, label, on, blocked, busy = false, onToggle }: ToggleProps) {
  const reason = blocked ? blockedText[blocked](label) : null;
  return (
    <div className="device-toggle">
      <button
        type="button"
        className={`button ${on ? 'button-primary' : ''}`}
        aria-pressed={on}
        aria-describedby={reason ? `${id}-reason` : undefined}
        disabled={!on && blocked !== null}
        aria-busy={busy || undefined}
        onClick={onToggle}
      >
        {label}
        {/* Said by aria-pressed and aria-busy; the name stays the device's. */}
        <span aria-hidden="true">: {busy ? '準備中…' : on ? 'オン' : 'オフ'}</span>
      </button>
      {reason && (
        <p
          id={`${id}-reason`}
          className={`device-reason ${blocked === 'forced' ? 'device-reason-forced' : ''}`}
        >
          {reason}
        </p>
      )}
    </div>
  );
}

/**
 * Microphone and camera switches and (in the meeting) the screen share; the device choices are
 * DeviceSettings (device-settings.tsx), on the gate below these and in the meeting's settings.
 */
export function DeviceToggles({
  devices,
  screenShare = false,
}: {
  devices: DevicesActor;
  screenShare?: boolean;
}) {
  const micOn = useSelector(devices, isMicOn);
  const micBlocked = useSelector(devices, micBlockedReason);
  const videoBlocked = useSelector(devices, videoBlockedReason);
  const cameraOn = useSelector(devices, isCameraOn);
  const cameraOpening = useSelector(devices, isCameraOpening);
  const sharing = useSelector(devices, isSharingScreen);
  const canShare = useSelector(devices, canShareScreen);
  const active = useSelector(devices, isActive);
  const cameraBusy = useSelector(devices, isCameraBusy);
  const error = useSelector(devices, deviceErrorOf);
  const opening = useSelector(devices, isOpening);
  const released = useSelector(devices, isReleased);

  // No switch claims a device that is not open: let go while watching, or being opened again.
  if (opening || released)
    return (
      <section className="device-controls" aria-label="マイクとカメラ">
        <p role="status">
          {released
            ? '視聴中のため、カメラとマイクは止めています。'
            : 'カメラとマイクを準備しています…'}
        </p>
      </section>
    );

  return (
    <section className="device-controls" aria-label="マイクとカメラ">
      <div className="device-toggles">
        <DeviceToggle
          id="mic"
          label="マイク"
          on={micOn}
          blocked={micBlocked}
          onToggle={() => devices.send({ type: micOn ? 'devices.micOff' : 'devices.micOn' })}
        />
        <DeviceToggle
          id="camera"
          label="カメラ"
          on={cameraOn}
          busy={cameraOpening}
          blocked={videoBlocked}
          onToggle={() => devices.send({ type: cameraOn ? 'devices.videoOff' : 'devices.videoOn' })}
        />
        {screenShare && active && (
          <button
            type="button"
            className="button"
            aria-pressed={sharing}
            disabled={!sharing && !canShare}
            onClick={() =>
              devices.send({ type: sharing ? 'devices.screenStop' : 'devices.screenStart' })
            }
          >
            {sharing ? '画面の共有を停止' : '画面を共有'}
          </button>
        )}
      </div>
      {error && (
        <div className="device-error" role="alert">
          <p>{error}</p>
          {cameraBusy && (
            <button
              type="button"
              className="button"
              onClick={() => devices.send({ type: 'devices.retry' })}
            >
              もう一度試す
            </button>
          )}
          <button
            type="button"
            className="link-button"
            onClick={() => devices.send({ type: 'devices.errorDismissed' })}
          >
            閉じる
          </button>
        </div>
      )}
    </section>
  );
}
