// An S3-protocol server of the test's own (s3rver, on a free port, its files in a temporary
// directory): the real @aws-sdk/client-s3 and presigned URLs talk to it as they would to S3. Its
// bucket allows browser uploads from any origin (CORS), as a deployment's must from APP_URL.
// s3rver does not honour If-None-Match, so S3's refusal of a second upload is not tested here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
<AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

export async function startS3Server(bucket = 'worlds-files') {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'worlds-s3-')),
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The server's environment for files in this bucket (s3rver's fixed test credentials). */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: () => server.close(),
  };
}
