import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, newStorageKey, type AttachmentStore } from './attachment-store.ts';
import { databaseAttachmentStore } from './database-store.ts';
import { diskAttachmentStore } from './disk-store.ts';
import { s3AttachmentStore } from './s3-store.ts';
import { startTestS3Server, type TestS3Server } from './testing/s3-server.ts';

const { db } = useTestDatabase();
let folder: string;
let s3: TestS3Server;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'attachments-'));
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await s3.close();
});

const stores: [string, () => AttachmentStore][] = [
  ['database', () => databaseAttachmentStore(db)],
  ['disk', () => diskAttachmentStore(folder)],
  ['S3-compatible (s3rver)', () => s3AttachmentStore(s3.settings)],
];

describe.each(stores)('the %s attachment store', (_name, storeOf) => {
  it('keeps bytes under a key, gives them back whole, and deletes them', async () => {
    const store = storeOf();
    const [one, two] = [newStorageKey(), newStorageKey()];
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 256));
    await store.put(one, bytes, 'image/jpeg');
    await store.put(two, Buffer.from('second'), 'image/png');
    expect((await store.get(one))?.equals(bytes)).toBe(true);
    await store.delete([one, newStorageKey()]);
    expect(await store.get(one)).toBeNull();
    expect((await store.get(two))?.toString()).toBe('second');
    await store.delete([two]);
    expect(await store.get(two)).toBeNull();
  });

  it('refuses a key it did not make (no path out of its place)', async () => {
    const store = storeOf();
    await expect(store.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/storage key/);
  });
});

describe('storage keys', () => {
  it('are 144 random bits, never twice the same', () => {
    const keys = new Set(Array.from({ length: 1_000 }, newStorageKey));
    expect(keys.size).toBe(1_000);
    expect([...keys].every(isStorageKey)).toBe(true);
  });

  it('on disk, leave no temporary file behind', async () => {
    const store = diskAttachmentStore(folder);
    const key = newStorageKey();
    await store.put(key, Buffer.from('bytes'), 'image/png');
    expect((await readdir(folder)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
