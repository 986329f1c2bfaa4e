import { backgroundName } from '../domain/virtual-background';
import type { ApiClient } from './api/client';
import type { components } from './api/schema';
import { dataOf } from './errors/api-error';
import { uploadFile } from './uploads';

type VirtualBackground = components['schemas']['VirtualBackground'];

/**
 * Uploads an image as one of the visitor's own backgrounds (ADR 024): the file through the one
 * upload path (purpose virtualBackground), then createVirtualBackground, where the server checks
 * the bytes. A refusal is thrown as an ApiError with the server's Japanese messages.
 */
export async function uploadBackground(api: ApiClient, file: File): Promise<VirtualBackground> {
  const { key } = await uploadFile(api, { file, purpose: 'virtualBackground' });
  const created = await dataOf(() =>
    api.POST('/api/virtual_backgrounds', { body: { key, name: backgroundName(file.name) } }),
  );
  return created.data;
}

/** Deletes one of the visitor's own backgrounds, and its file. */
export async function deleteBackground(api: ApiClient, id: string): Promise<void> {
  await dataOf(() => api.DELETE('/api/virtual_backgrounds/{id}', { params: { path: { id } } }));
}
