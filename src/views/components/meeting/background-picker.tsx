import { useSelector } from '@xstate/react';
import {
  backgroundKey,
  NO_BACKGROUND,
  type BackgroundChoice,
} from '../../../domain/virtual-background';
import { backgroundOf, isBackgroundStarting } from '../../../machines/devices.selectors';
import { useQueryApi } from '../../hooks/use-api-query';
import type { DevicesActor } from './device-controls';

interface Option {
  choice: BackgroundChoice;
  label: string;
  thumbnailUrl?: string;
}

const BASIC: Option[] = [
  { choice: NO_BACKGROUND, label: 'なし' },
  { choice: { kind: 'blur' }, label: 'ぼかし' },
];

/**
 * The camera's virtual background (ADR 024): a radio group of none, blur and the images of
 * GET /api/virtual_backgrounds. The choice is remembered for the next visit by the machine.
 */
export function BackgroundPicker({ devices }: { devices: DevicesActor }) {
  const chosen = useSelector(devices, backgroundOf);
  const starting = useSelector(devices, isBackgroundStarting);
  const images = useQueryApi().useQuery('get', '/api/virtual_backgrounds');
  const options: Option[] = [
    ...BASIC,
    ...(images.data?.items ?? []).map((image) => ({
      choice: { kind: 'image' as const, id: image.id, name: image.name, imageUrl: image.imageUrl },
      label: image.name,
      thumbnailUrl: image.thumbnailUrl,
    })),
  ];
  const current = backgroundKey(chosen);
  return (
    <fieldset className="background-picker">
      <legend>バーチャル背景</legend>
      <div className="background-options">
        {options.map(({ choice, label, thumbnailUrl }) => {
          const key = backgroundKey(choice);
          return (
            <label key={key} className="background-option">
              <input
                type="radio"
                name="virtual-background"
                value={key}
                checked={current === key}
                onChange={() => devices.send({ type: 'devices.backgroundChosen', choice })}
              />
              {thumbnailUrl && <img src={thumbnailUrl} alt="" width={64} height={36} />}
              <span>{label}</span>
            </label>
          );
        })}
      </div>
      {images.isError && <p>背景の画像を読み込めませんでした。なしとぼかしは選べます。</p>}
      <p role="status" className="background-status">
        {starting ? '背景を準備しています…' : ''}
      </p>
    </fieldset>
  );
}
