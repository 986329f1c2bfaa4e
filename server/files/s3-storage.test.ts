import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';

// Signing is local to the SDK: these credentials never reach AWS, nothing is sent anywhere.
const client = new S3Client({
  region: 'ap-northeast-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
});
const input = {
  key: 'coverImage/w/f.png',
  contentType: 'image/png',
  byteSize: 1234,
  expiresAt: new Date(Date.now() + 900_000),
  isPublic: true,
};

describe('S3 presigned uploads', () => {
  it('signs a PUT to the bucket with Content-Type and Content-Length for 15 minutes', async () => {
    const storage = createS3Storage(
      {
        bucket: 'worlds-files',
        region: 'ap-northeast-1',
        endpoint: undefined,
        publicUrl: undefined,
      },
      client,
    );
    const upload = await storage.presignPut(input);
    const url = new URL(upload.uploadUrl);
    expect(url.origin).toBe('https://worlds-files.s3.ap-northeast-1.amazonaws.com');
    expect(url.pathname).toBe('/coverImage/w/f.png');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/ap-northeast-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host', 'if-none-match']),
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(upload).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', 'If-None-Match': '*' },
      key: input.key,
    });
    expect(upload.fileUrl).toBe(
      'https://worlds-files.s3.ap-northeast-1.amazonaws.com/coverImage/w/f.png',
    );
  });

  it('addresses a custom endpoint by path and answers files at the public URL when one is set', async () => {
    const storage = createS3Storage(
      {
        bucket: 'b',
        region: 'ap-northeast-1',
        endpoint: 'http://127.0.0.1:9000',
        publicUrl: 'https://cdn.example.com',
      },
      new S3Client({
        region: 'ap-northeast-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' },
      }),
    );
    const upload = await storage.presignPut({ ...input, isPublic: true });
    expect(upload.uploadUrl.startsWith('http://127.0.0.1:9000/b/coverImage/w/f.png?')).toBe(true);
    expect(upload.fileUrl).toBe('https://cdn.example.com/coverImage/w/f.png');
    expect((await storage.presignPut({ ...input, isPublic: false })).fileUrl).toBeNull();
  });
});
