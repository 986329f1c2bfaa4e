import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
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

  it('reads the first bytes of an object with a ranged GET (null when absent) and deletes objects', async () => {
    const sent: unknown[] = [];
    const send = vi.fn(async (command: unknown) => {
      sent.push(command);
      if (command instanceof GetObjectCommand && command.input.Key === 'gone.png')
        throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} });
      return { Body: { transformToByteArray: async () => new Uint8Array([0x89, 0x50]) } };
    });
    const storage = createS3Storage(
      { bucket: 'b', region: 'ap-northeast-1', endpoint: undefined, publicUrl: undefined },
      { send } as unknown as S3Client,
    );
    expect(await storage.readHead('virtualBackground/u/f.png', 12)).toEqual(
      Buffer.from([0x89, 0x50]),
    );
    expect(await storage.readHead('gone.png', 12)).toBeNull();
    await storage.remove('virtualBackground/u/f.png');
    expect(sent[0]).toBeInstanceOf(GetObjectCommand);
    expect((sent[0] as GetObjectCommand).input).toEqual({
      Bucket: 'b',
      Key: 'virtualBackground/u/f.png',
      Range: 'bytes=0-11',
    });
    expect(sent[2]).toBeInstanceOf(DeleteObjectCommand);
    expect((sent[2] as DeleteObjectCommand).input).toEqual({
      Bucket: 'b',
      Key: 'virtualBackground/u/f.png',
    });
    expect(storage.publicUrl('k/f.png')).toBe('https://b.s3.ap-northeast-1.amazonaws.com/k/f.png');
  });
});
