import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { devicesOf, type MediaDeviceKind } from '../../../domain/meeting-session';
import type { devicesMachine, DevicesSnapshot } from '../../../machines/devices.machine';
import {
  canShareScreen,
  deviceErrorOf,
  isActive,
  isCameraBusy,
  isCameraOn,
  isCameraOpening,
  isMicOn,
  isMicSwitching,
  isOpening,
  isReleased,
  isSharingScreen,
  micBlockedReason,
  videoBlockedReason,
  type BlockedReason,
} from '../../../machines/devices.selectors';
import { BackgroundPicker } from './background-picker';

export type DevicesActor = ActorRefFrom<typeof devicesMachine>;

const FORCED = '管理者によりオフにされています';
const blockedText: Record<Exclude<BlockedReason, null>, (device: string) => string> = {
  forced: () => FORCED,
  noDevice: (device) => `${device}が使えません`,
};

const selectDevices = (s: DevicesSnapshot) => s.context.devices;
const selectAudioInputId = (s: DevicesSnapshot) => s.context.audioInputId;
const selectVideoInputId = (s: DevicesSnapshot) => s.context.videoInputId;
const selectAudioOutputId = (s: DevicesSnapshot) => s.context.audioOutputId;

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
        aria-label={label}
        aria-pressed={on}
        aria-describedby={reason ? `${id}-reason` : undefined}
        disabled={!on && blocked !== null}
        aria-busy={busy || undefined}
        onClick={onToggle}
      >
        {label}: {busy ? '準備中…' : on ? 'オン' : 'オフ'}
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

interface DeviceSelectProps {
  id: string;
  label: string;
  kind: MediaDeviceKind;
  devices: DevicesActor;
  value: string | null;
  onChoose: (deviceId: string) => void;
  /** Shown while the chosen device is being opened. */
  switching?: boolean;
}

function DeviceSelect({
  id,
  label,
  kind,
  devices,
  value,
  onChoose,
  switching = false,
}: DeviceSelectProps) {
  const list = devicesOf(useSelector(devices, selectDevices), kind);
  if (list.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        aria-busy={switching || undefined}
        onChange={(event) => onChoose(event.target.value)}
      >
        {value === null && <option value="">既定のデバイス</option>}
        {list.map((device, i) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `${label} ${i + 1}`}
          </option>
        ))}
      </select>
      {switching && <p role="status">切り替えています…</p>}
    </div>
  );
}

/** Microphone and camera switches, the device choices and (in the meeting) the screen share. */
export function DeviceControls({
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
  const audioInputId = useSelector(devices, selectAudioInputId);
  const videoInputId = useSelector(devices, selectVideoInputId);
  const audioOutputId = useSelector(devices, selectAudioOutputId);
  const micSwitching = useSelector(devices, isMicSwitching);
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
      {active && (
        <div className="device-selects">
          <DeviceSelect
            id="audio-input"
            label="使用するマイク"
            kind="audioinput"
            devices={devices}
            value={audioInputId}
            switching={micSwitching}
            onChoose={(deviceId) => devices.send({ type: 'devices.micChosen', deviceId })}
          />
          <DeviceSelect
            id="video-input"
            label="使用するカメラ"
            kind="videoinput"
            devices={devices}
            value={videoInputId}
            onChoose={(deviceId) => devices.send({ type: 'devices.cameraChosen', deviceId })}
          />
          <DeviceSelect
            id="audio-output"
            label="音声の出力先"
            kind="audiooutput"
            devices={devices}
            value={audioOutputId}
            onChoose={(deviceId) => devices.send({ type: 'devices.speakerChosen', deviceId })}
          />
        </div>
      )}
      {active && <BackgroundPicker devices={devices} />}
    </section>
  );
}
