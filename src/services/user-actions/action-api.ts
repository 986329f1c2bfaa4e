import type { ApiClient } from '../api/client';
import { dataOf } from '../errors/api-error';
import type { SignedBatchUrl } from './action-uploader';

/** A signed URL of this server for one batch of the caller's actions in the world. */
export async function presignActionBatch(
  api: ApiClient,
  worldId: string,
  byteSize: number,
): Promise<SignedBatchUrl> {
  const { data } = await dataOf(() =>
    api.POST('/api/user_action_presigned_urls', { body: { worldId, byteSize } }),
  );
  return data;
}
