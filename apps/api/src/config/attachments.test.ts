import { describe, expect, it } from 'vitest';
import { loadConfig } from './api-config.ts';
import { problemsOf } from './testing/config-problems.ts';

const local = { DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal', NODE_ENV: 'development' };

describe('the attachments settings (decision 0166)', () => {
  it('keeps files in the database and scans nothing unless told otherwise', () => {
    expect(loadConfig(local).attachments).toEqual({ store: { kind: 'database' }, clamd: undefined });
  });

  it('reads a folder, a bucket and clamd’s address', () => {
    expect(
      loadConfig({ ...local, ATTACHMENT_STORE: 'disk', ATTACHMENT_FOLDER: '/var/lib/portal/attachments' })
        .attachments.store,
    ).toEqual({ kind: 'disk', folder: '/var/lib/portal/attachments' });
    expect(
      loadConfig({
        ...local,
        ATTACHMENT_STORE: 's3',
        ATTACHMENT_S3_BUCKET: 'harbour-attachments',
        ATTACHMENT_S3_ENDPOINT: 'http://127.0.0.1:9000',
        ATTACHMENT_S3_ACCESS_KEY_ID: 'portal',
        ATTACHMENT_S3_SECRET_ACCESS_KEY: 'secret-key',
        CLAMD_ADDRESS: 'tcp://127.0.0.1:3310',
      }).attachments,
    ).toEqual({
      store: {
        kind: 's3',
        bucket: 'harbour-attachments',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-2',
        credentials: { accessKeyId: 'portal', secretAccessKey: 'secret-key' },
      },
      clamd: { host: '127.0.0.1', port: 3310 },
    });
    expect(loadConfig({ ...local, CLAMD_ADDRESS: 'unix:/run/clamav/clamd.ctl' }).attachments.clamd).toEqual({
      socket: '/run/clamav/clamd.ctl',
    });
  });

  it('refuses a store without its place, half a key pair and a relative folder', () => {
    expect(problemsOf({ ...local, ATTACHMENT_STORE: 'disk' })).toEqual([
      expect.stringMatching(/^ATTACHMENT_FOLDER is required/),
    ]);
    expect(problemsOf({ ...local, ATTACHMENT_STORE: 's3' })).toEqual([
      expect.stringMatching(/^ATTACHMENT_S3_BUCKET is required/),
    ]);
    expect(
      problemsOf({
        ...local,
        ATTACHMENT_STORE: 's3',
        ATTACHMENT_S3_BUCKET: 'b-1',
        ATTACHMENT_S3_ACCESS_KEY_ID: 'k12',
      }),
    ).toEqual([expect.stringMatching(/^ATTACHMENT_S3_SECRET_ACCESS_KEY is required/)]);
    expect(problemsOf({ ...local, ATTACHMENT_STORE: 'disk', ATTACHMENT_FOLDER: 'files' })).toEqual([
      expect.stringMatching(/^ATTACHMENT_FOLDER must be/),
    ]);
    expect(problemsOf({ ...local, CLAMD_ADDRESS: 'clamd:3310' })).toEqual([
      expect.stringMatching(/^CLAMD_ADDRESS must be/),
    ]);
  });
});
