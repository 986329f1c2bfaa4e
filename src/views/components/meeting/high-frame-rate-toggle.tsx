import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { MeetingSnapshot } from '../../../machines/meeting.machine';
import type { WorldActors } from './world-actors';

const selectMode = (s: MeetingSnapshot) => s.context.highFrameRateMode;
const selectBandwidth = (s: MeetingSnapshot) => s.context.highFrameRateBandwidth;

/**
 * High frame rate mode (session state, ADR 026), beside the screen share: the next share is
 * captured at a smooth 30 fps and its sender held to the mode's bandwidth.
 */
export function HighFrameRateToggle({ world }: { world: WorldActors }) {
  const on = useSelector(world.meeting, selectMode);
  const kbps = useSelector(world.meeting, selectBandwidth);
  const id = useId();
  return (
    <div className="high-frame-rate">
      <input
        id={id}
        type="checkbox"
        checked={on}
        onChange={(e) =>
          world.meeting.send({
            type: 'meeting.settingsChanged',
            settings: { highFrameRateMode: e.target.checked },
          })
        }
      />
      <label htmlFor={id}>
        なめらかな画面共有（30fps・最大{kbps.toLocaleString('ja-JP')}kbps、次の共有から）
      </label>
    </div>
  );
}
