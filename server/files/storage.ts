import { randomUUID } from 'node:crypto';
import { BACKGROUND_IMAGE_TYPES, BACKGROUND_MAX_BYTES } from '../../src/domain/virtual-background';
import { USER_ICON_MAX_BYTES, USER_ICON_TYPES } from '../../src/domain/user-icon';
import { RuleError } from '../http/errors';

/** Where a browser uploads one file directly (the PresignedUpload of the contract). */
type PresignedUpload = {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  key: string;
  fileUrl: string | null;
  expiresAt: string;
};

type PresignInput = {
  key: string;
  contentType: string;
  byteSize: number;
  expiresAt: Date;
  isPublic: boolean;
};

/** The port: local signed URLs of this server, or S3 presigned URLs. */
export type FileStorage = {
  presignPut(input: PresignInput): Promise<PresignedUpload>;
  /** Where a public key is served (the fileUrl presignPut answers). */
  publicUrl(key: string): string;
  /** The first `bytes` bytes of a stored file (to check what it really is), null when absent. */
  readHead(key: string, bytes: number): Promise<Buffer | null>;
  /** Deletes a stored file; nothing happens when it is absent. */
  remove(key: string): Promise<void>;
};

/** How long an upload URL works. */
export const UPLOAD_MINUTES = 15;

const MB = 1024 * 1024;
const images = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** What each purpose accepts; world purposes need owner or staff of the world. */
export const purposes = {
  coverImage: { types: images, maxBytes: 10 * MB, world: true },
  eventCoverImage: { types: images, maxBytes: 10 * MB, world: true },
  layoutImage: { types: images, maxBytes: 20 * MB, world: true },
  enterGuestIntroduction: {
    types: [...images, 'video/mp4', 'application/pdf'],
    maxBytes: 100 * MB,
    world: true,
  },
  virtualBackground: {
    types: BACKGROUND_IMAGE_TYPES,
    maxBytes: BACKGROUND_MAX_BYTES,
    world: false,
  },
  userIcon: { types: USER_ICON_TYPES, maxBytes: USER_ICON_MAX_BYTES, world: false },
} as const;
export type Purpose = keyof typeof purposes;

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
  'application/x-ndjson': 'ndjson',
  'video/webm': 'webm',
};

export const fileMessages = {
  type: (allowed: readonly string[]) =>
    `contentType: このファイルの種類はアップロードできません（${allowed.join('、')}）。`,
  size: (maxBytes: number) =>
    `byteSize: ファイルサイズは${Math.floor(maxBytes / MB)}MB以下にしてください。`,
  worldRequired: 'worldId: ワールドを指定してください。',
  worldNotAllowed: 'worldId: この用途ではワールドを指定できません。',
} as const;

/** 422 unless the purpose accepts the type and size; the world is checked by the caller. */
export function checkUpload(input: {
  purpose: Purpose;
  contentType: string;
  byteSize: number;
  worldId?: string;
}) {
  const rule = purposes[input.purpose];
  if (!(rule.types as readonly string[]).includes(input.contentType))
    throw new RuleError('invalid', fileMessages.type(rule.types));
  if (input.byteSize > rule.maxBytes)
    throw new RuleError('invalid', fileMessages.size(rule.maxBytes));
  if (rule.world && !input.worldId) throw new RuleError('invalid', fileMessages.worldRequired);
  if (!rule.world && input.worldId) throw new RuleError('invalid', fileMessages.worldNotAllowed);
}

/** A fresh key; nothing of the user's file name goes into it (no path tricks, no odd characters). */
export function newKey(purpose: string, ownerId: string, contentType: string): string {
  return `${purpose}/${ownerId}/${randomUUID()}.${extensions[contentType]}`;
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const keyPattern = new RegExp(
  `^(?:${Object.keys(purposes).join('|')}|user-actions|recordings)/${uuid}(?:/${uuid})?/${uuid}\\.(?:${Object.values(extensions).join('|')})$`,
);

/** Whether a key has the shape newKey gives (a URL path is checked with it before touching the disk). */
export function isKey(key: string): boolean {
  return keyPattern.test(key);
}

/** The Content-Type a key is served with (from the extension newKey gave it). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return Object.entries(extensions).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
}

export function expiresAt(now: Date): Date {
  return new Date(now.getTime() + UPLOAD_MINUTES * 60_000);
}
