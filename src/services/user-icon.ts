import type { ApiClient } from './api/client';
import type { components } from './api/schema';
import { dataOf } from './errors/api-error';
import { uploadFile } from './uploads';

type User = components['schemas']['User'];

/**
 * Sets the signed-in user's icon (docs/product.md §4 アイコン): the file through the one upload
 * path (purpose userIcon), then updateMe with the URL it is served at, where the server checks
 * it is the caller's upload and an image. null clears the icon. Refusals are thrown as an
 * ApiError with the server's Japanese messages; the answer is the updated user.
 */
export async function setUserIcon(api: ApiClient, file: File | null): Promise<User> {
  const iconUrl = file && (await uploadFile(api, { file, purpose: 'userIcon' })).fileUrl;
  const updated = await dataOf(() => api.PATCH('/api/mypage/me', { body: { iconUrl } }));
  return updated.data;
}
