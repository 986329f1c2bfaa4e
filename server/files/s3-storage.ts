import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type FileStorage, UPLOAD_MINUTES } from './storage';

type S3Options = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  publicUrl: string | undefined;
};

/**
 * S3 presigned PUT URLs (Signature V4, signed locally by the SDK: no request to AWS here).
 * Content-Type and Content-Length are signed, so the upload must carry exactly those.
 * Public files are read at S3_PUBLIC_URL (a CDN) or the bucket's own address.
 */
export function createS3Storage(options: S3Options, client = s3Client(options)): FileStorage {
  const publicBase = options.publicUrl ?? bucketUrl(options);
  const publicUrl = (key: string) => `${publicBase}/${key}`;
  return {
    publicUrl,

    async readHead(key, bytes) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },

    async presignPut({ key, contentType, byteSize, expiresAt, isPublic }) {
      const command = new PutObjectCommand({
        Bucket: options.bucket,
        Key: key,
        ContentType: contentType,
        ContentLength: byteSize,
        // S3's conditional write: a key that exists is refused (412), so a URL uploads once and
        // a file served as immutable never changes. Signed, so the upload must send it.
        IfNoneMatch: '*',
      });
      const uploadUrl = await getSignedUrl(client, command, {
        expiresIn: UPLOAD_MINUTES * 60,
        signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
      });
      return {
        uploadUrl,
        method: 'PUT',
        headers: { 'Content-Type': contentType, 'If-None-Match': '*' },
        key,
        fileUrl: isPublic ? publicUrl(key) : null,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}

/** The bucket's own address: where presigned uploads go. */
function bucketUrl(options: S3Options) {
  return options.endpoint
    ? `${options.endpoint.replace(/\/$/, '')}/${options.bucket}`
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

/** The origins a page reaches for files: uploads to the bucket, reads from the public address. */
export function s3Origins(options: S3Options) {
  return {
    upload: new URL(bucketUrl(options)).origin,
    read: new URL(options.publicUrl ?? bucketUrl(options)).origin,
  };
}

function s3Client({ region, endpoint }: S3Options): S3Client {
  // A custom endpoint (MinIO, LocalStack) addresses buckets by path, as those servers expect.
  return new S3Client({ region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}) });
}
