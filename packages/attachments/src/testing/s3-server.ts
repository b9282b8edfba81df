import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StoreSettings } from '../s3-store.ts';

/**
 * An S3-compatible server in the test's own process: s3rver (npm), chosen over MinIO (not in Debian's
 * packages, and its npm wrappers download a binary) and Ceph's RADOS Gateway (a cluster to run): it speaks
 * S3's REST API with path-style addresses and checks Signature V4 with its documented key pair
 * (S3RVER / S3RVER), which is what the store needs proved. Files go to a temporary folder.
 */
export interface TestS3Server {
  settings: S3StoreSettings;
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'portal-attachments'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-west-2',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'attachments/',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
