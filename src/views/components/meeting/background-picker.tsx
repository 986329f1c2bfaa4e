import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  BACKGROUND_IMAGE_TYPES,
  BACKGROUND_MAX_MB,
  BACKGROUND_MAX_PER_USER,
  backgroundFileProblem,
  backgroundKey,
  NO_BACKGROUND,
  type BackgroundChoice,
} from '../../../domain/virtual-background';
import { backgroundOf, isBackgroundStarting } from '../../../machines/devices.selectors';
import {
  invalidateVirtualBackgrounds,
  meetingQueries,
} from '../../../services/api/meetings-queries';
import { toApiError } from '../../../services/errors/api-error';
import { useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import type { DevicesActor } from './device-controls';

interface Option {
  choice: BackgroundChoice;
  label: string;
  thumbnailUrl?: string;
  /** One of the visitor's own uploads, which they may delete. */
  mine?: boolean;
}

const BASIC: Option[] = [
  { choice: NO_BACKGROUND, label: 'なし' },
  { choice: { kind: 'blur' }, label: 'ぼかし' },
];

/**
 * The camera's virtual background (ADR 024): a radio group of none, blur, the shared images and
 * the visitor's own uploads (each with a delete button), and an upload of a new image, chosen at
 * once. The choice is remembered for the next visit by the machine; a remembered image that is no
 * longer listed (deleted, or another account's) goes back to none.
 */
export function BackgroundPicker({ devices }: { devices: DevicesActor }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const chosen = useSelector(devices, backgroundOf);
  const starting = useSelector(devices, isBackgroundStarting);
  const images = useQuery(meetingQueries.virtualBackgrounds(useQueryApi()));
  const [uploading, setUploading] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState('');
  const items = images.data?.items;
  const choose = (choice: BackgroundChoice) =>
    devices.send({ type: 'devices.backgroundChosen', choice });

  useEffect(() => {
    if (chosen.kind === 'image' && items && !items.some((image) => image.id === chosen.id))
      devices.send({ type: 'devices.backgroundChosen', choice: NO_BACKGROUND });
  }, [chosen, items, devices]);

  const options: Option[] = [
    ...BASIC,
    ...(items ?? []).map((image) => ({
      choice: { kind: 'image' as const, id: image.id, name: image.name, imageUrl: image.imageUrl },
      label: image.name,
      thumbnailUrl: image.thumbnailUrl,
      mine: image.mine,
    })),
  ];
  const current = backgroundKey(chosen);
  const full = (items ?? []).filter((image) => image.mine).length >= BACKGROUND_MAX_PER_USER;

  async function upload(file: File) {
    setErrors([]);
    setDone('');
    const problem = backgroundFileProblem(file);
    if (problem) {
      setErrors([problem]);
      return;
    }
    setUploading(file.name);
    try {
      const { uploadBackground } = await import('../../../services/virtual-backgrounds');
      const created = await uploadBackground(api, file);
      await invalidateVirtualBackgrounds(queryClient);
      choose({ kind: 'image', id: created.id, name: created.name, imageUrl: created.imageUrl });
      setDone(`「${created.name}」をアップロードして背景にしました。`);
    } catch (error) {
      setErrors(toApiError(error).messages);
    } finally {
      setUploading(null);
    }
  }

  async function remove(option: Option & { choice: { kind: 'image' } }) {
    setErrors([]);
    setDone('');
    setDeleting(option.choice.id);
    try {
      const { deleteBackground } = await import('../../../services/virtual-backgrounds');
      await deleteBackground(api, option.choice.id);
      if (current === option.choice.id) choose(NO_BACKGROUND);
      await invalidateVirtualBackgrounds(queryClient);
      setDone(`「${option.label}」を削除しました。`);
    } catch (error) {
      setErrors(toApiError(error).messages);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <fieldset className="background-picker">
      <legend>バーチャル背景</legend>
      <div className="background-options">
        {options.map((option) => {
          const { choice, label, thumbnailUrl } = option;
          const key = backgroundKey(choice);
          return (
            <div key={key} className="background-option">
              <label>
                <input
                  type="radio"
                  name="virtual-background"
                  value={key}
                  checked={current === key}
                  onChange={() => choose(choice)}
                />
                {thumbnailUrl && <img src={thumbnailUrl} alt="" width={64} height={36} />}
                <span>{label}</span>
              </label>
              {option.mine && choice.kind === 'image' && (
                <button
                  type="button"
                  className="button background-delete"
                  aria-label={`「${label}」を削除`}
                  disabled={deleting !== null}
                  onClick={() => void remove({ ...option, choice })}
                >
                  削除
                </button>
              )}
            </div>
          );
        })}
      </div>
      {images.isError && <p>背景の画像を読み込めませんでした。なしとぼかしは選べます。</p>}
      <div className="background-upload">
        {/* The native input, hidden but focusable, is named by the label drawn as a button:
            Japanese whatever the browser's language. */}
        <label className="button background-upload-button">
          <input
            className="visually-hidden"
            type="file"
            accept={BACKGROUND_IMAGE_TYPES.join(',')}
            disabled={uploading !== null || full}
            aria-describedby="background-file-hint"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
          自分の画像をアップロード
        </label>
        {uploading !== null && (
          <progress
            className="background-progress"
            aria-label={`「${uploading}」をアップロード中`}
          />
        )}
        <p id="background-file-hint" className="background-hint">
          {full
            ? `アップロードできる背景は${BACKGROUND_MAX_PER_USER}枚までです。使わない背景を削除すると追加できます。`
            : `JPEG・PNG・WebP、${BACKGROUND_MAX_MB}MBまで（${BACKGROUND_MAX_PER_USER}枚まで）。アップロードした画像はあなたにだけ表示されます。`}
        </p>
      </div>
      {errors.length > 0 && (
        <ul className="field-errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p role="status" className="background-status">
        {uploading !== null
          ? `「${uploading}」をアップロードしています…`
          : starting
            ? '背景を準備しています…'
            : done}
      </p>
    </fieldset>
  );
}
