import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LayoutDraft, LayoutEdit } from '../../../domain/layout-edit';
import { uploadLayoutImage } from '../../../services/layout-api';
import { useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ColourPicker } from '../colour-picker';
import { toApiError } from '../../../services/errors/api-error';
import { myLayoutQueries } from '../../../services/api/my-layouts-queries';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export interface BackgroundPickerProps {
  worldId: string;
  draft: LayoutDraft;
  onEdit: (edit: Extract<LayoutEdit, { kind: 'background' }>) => void;
}

/**
 * The layout's background: a built-in base space, or a colour of one's own with an optional image
 * uploaded through a signed URL (the server checks its type and size and answers in Japanese).
 */
export function BackgroundPicker({ worldId, draft, onEdit }: BackgroundPickerProps) {
  const api = useApi();
  const bases = useQuery(myLayoutQueries.baseSpaces(useQueryApi()));
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const own = { baseSpaceId: null, backgroundColor: draft.backgroundColor };

  async function upload(file: File) {
    setErrors([]);
    setUploading(true);
    try {
      const url = await uploadLayoutImage(api, worldId, file);
      onEdit({ kind: 'background', ...own, backgroundImageUrl: url });
    } catch (error) {
      setErrors(toApiError(error).messages);
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="editor-panel" aria-labelledby="background-heading">
      <h2 id="background-heading">背景</h2>
      <fieldset className="editor-base-spaces">
        <legend>ベーススペース</legend>
        {bases.isPending && <p role="status">読み込んでいます…</p>}
        {bases.error && <p role="alert">ベーススペースを読み込めませんでした。</p>}
        {bases.data?.items.map((b) => (
          <label key={b.id} className="editor-base-space">
            <input
              type="radio"
              name="base-space"
              checked={draft.baseSpaceId === b.id}
              onChange={() =>
                onEdit({
                  kind: 'background',
                  baseSpaceId: b.id,
                  backgroundColor: b.backgroundColor,
                  backgroundImageUrl: null,
                })
              }
            />
            <span className="editor-swatch" style={{ background: b.backgroundColor }} />
            {b.name}
          </label>
        ))}
        <label className="editor-base-space">
          <input
            type="radio"
            name="base-space"
            checked={draft.baseSpaceId === null}
            onChange={() =>
              onEdit({ kind: 'background', ...own, backgroundImageUrl: draft.backgroundImageUrl })
            }
          />
          自分で選ぶ（色・画像）
        </label>
      </fieldset>
      {draft.baseSpaceId === null && (
        <>
          <ColourPicker
            label="背景色"
            value={draft.backgroundColor}
            onChange={(hex) =>
              onEdit({
                kind: 'background',
                baseSpaceId: null,
                backgroundColor: hex,
                backgroundImageUrl: draft.backgroundImageUrl,
              })
            }
          />
          <label className="editor-upload">
            背景画像（PNG・JPEG・GIF・WebP）
            <input
              type="file"
              accept={IMAGE_TYPES}
              disabled={uploading}
              aria-describedby={errors.length > 0 ? 'background-errors' : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
          {uploading && <p role="status">画像をアップロードしています…</p>}
          {errors.length > 0 && (
            <ul id="background-errors" className="field-errors" role="alert">
              {errors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {draft.backgroundImageUrl && (
            <button
              type="button"
              className="button"
              onClick={() => onEdit({ kind: 'background', ...own, backgroundImageUrl: null })}
            >
              背景画像を外す
            </button>
          )}
        </>
      )}
    </section>
  );
}
