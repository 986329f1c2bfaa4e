import { useSelector } from '@xstate/react';
import { devicesOf, type MediaDeviceKind } from '../../../domain/meeting-session';
import type { DevicesSnapshot } from '../../../machines/devices.machine';
import { isActive, isMicSwitching } from '../../../machines/devices.selectors';
import { BackgroundPicker } from './background-picker';
import type { DevicesActor } from './device-controls';

const selectDevices = (s: DevicesSnapshot) => s.context.devices;
const selectAudioInputId = (s: DevicesSnapshot) => s.context.audioInputId;
const selectVideoInputId = (s: DevicesSnapshot) => s.context.videoInputId;
const selectAudioOutputId = (s: DevicesSnapshot) => s.context.audioOutputId;

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

/** Which microphone, camera and speaker, and the virtual background: while the devices are open. */
export function DeviceSettings({ devices }: { devices: DevicesActor }) {
  const active = useSelector(devices, isActive);
  const audioInputId = useSelector(devices, selectAudioInputId);
  const videoInputId = useSelector(devices, selectVideoInputId);
  const audioOutputId = useSelector(devices, selectAudioOutputId);
  const micSwitching = useSelector(devices, isMicSwitching);
  if (!active) return null;
  return (
    <>
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
      <BackgroundPicker devices={devices} />
    </>
  );
}
