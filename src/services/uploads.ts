import type { ApiClient } from './api/client';
import type { components } from './api/schema';
import { ApiError, dataOf } from './errors/api-error';

type Purpose = components['schemas']['PresignFileRequest']['purpose'];
type ContentType = components['schemas']['PresignFileRequest']['contentType'];

/**
 * The one way the app uploads a file: a signed URL from presignFileUpload (the server checks the
 * type and size for the purpose, and answers in Japanese), then a PUT of the file to it. Answers
 * the stored key and the URL the file is served at. `put` sends the file (fetch by default).
 */
export async function uploadFile(
  api: ApiClient,
  input: { file: File; purpose: Purpose; worldId?: string },
  put: typeof fetch = (...args) => fetch(...args),
): Promise<{ key: string; fileUrl: string }> {
  const { file, purpose, worldId } = input;
  const { data: signed } = await dataOf(() =>
    api.POST('/api/files/presign', {
      body: {
        fileName: file.name,
        contentType: file.type as ContentType,
        byteSize: file.size,
        purpose,
        ...(worldId ? { worldId } : {}),
      },
    }),
  );
  await dataOf(async () => {
    const response = await put(signed.uploadUrl, {
      method: signed.method,
      headers: signed.headers,
      body: file,
    });
    return {
      data: undefined,
      error: response.ok ? undefined : await response.json().catch(() => ({})),
      response,
    };
  });
  if (!signed.fileUrl) throw new ApiError(500, ['画像のURLを受け取れませんでした。']);
  return { key: signed.key, fileUrl: signed.fileUrl };
}
