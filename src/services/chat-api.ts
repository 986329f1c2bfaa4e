// The chat calls of the contract (openapi/paths/chat.yaml, ADR 029) for the chat statechart's
// actors and the chat panel. Failures throw ApiError with the server's Japanese messages.
import type { ApiClient } from './api/client';
import type { components } from './api/schema';
import { dataOf } from './errors/api-error';

export type ChatMessage = components['schemas']['ChatMessage'];
export type ChatChannel = components['schemas']['ChatChannel'];
export type ChatOverview = components['schemas']['ChatOverview'];
export type ChatSettings = components['schemas']['ChatSettings'];
export type ChatMessagePage = components['schemas']['ChatMessagePage'];

const world = (worldId: string) => ({ path: { world_id: worldId } });
const data = async <T>(call: Parameters<typeof dataOf<T>>[0]) => (await dataOf(call)).data;

export function listChatChannels(api: ApiClient, worldId: string): Promise<ChatOverview> {
  return data(() => api.GET('/api/worlds/{world_id}/chat_channels', { params: world(worldId) }));
}

export function listChatMessages(
  api: ApiClient,
  worldId: string,
  channel: string,
  before: string | null,
): Promise<ChatMessagePage> {
  return data(() =>
    api.GET('/api/worlds/{world_id}/chat_messages', {
      params: { ...world(worldId), query: { channel, ...(before ? { before } : {}) } },
    }),
  );
}

export function postChatMessage(
  api: ApiClient,
  worldId: string,
  channel: string,
  body: string,
): Promise<ChatMessage> {
  return data(() =>
    api.POST('/api/worlds/{world_id}/chat_messages', {
      params: world(worldId),
      body: { channel, body },
    }),
  );
}

export function deleteChatMessage(api: ApiClient, worldId: string, id: string) {
  return data(() =>
    api.DELETE('/api/worlds/{world_id}/chat_messages/{id}', {
      params: { path: { world_id: worldId, id } },
    }),
  );
}

export async function markChatRead(
  api: ApiClient,
  worldId: string,
  channel: string,
  messageId: string,
): Promise<void> {
  await dataOf(() =>
    api.PUT('/api/worlds/{world_id}/chat_read_positions', {
      params: world(worldId),
      body: { channel, messageId },
    }),
  );
}

export function updateChatSettings(api: ApiClient, worldId: string, settings: ChatSettings) {
  return data(() =>
    api.PUT('/api/worlds/{world_id}/chat_settings', { params: world(worldId), body: settings }),
  );
}

export async function setChatMute(
  api: ApiClient,
  worldId: string,
  userId: string,
  muted: boolean,
): Promise<void> {
  const params = { params: { path: { world_id: worldId, id: userId } } };
  await dataOf(() =>
    muted
      ? api.PUT('/api/worlds/{world_id}/chat_mutes/{id}', params)
      : api.DELETE('/api/worlds/{world_id}/chat_mutes/{id}', params),
  );
}

/** The world's chat as CSV bytes (a Blob), its file name in the response's headers. */
export const downloadChatCsv = (
  api: ApiClient,
  worldId: string,
  range: { from?: string; to?: string },
) =>
  api.GET('/api/mypage/worlds/{world_id}/chat_messages_csv', {
    params: { path: { world_id: worldId }, query: range },
    parseAs: 'blob',
  });
