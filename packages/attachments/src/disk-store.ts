import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertStorageKey, type AttachmentStore } from './attachment-store.ts';

/**
 * The bytes as files in one folder, named by their key (a key is 24 base64url characters, so it can never
 * name another path). Written to a temporary name and renamed, so a reader never sees half a file. For
 * one API instance, or a folder every instance shares.
 */
export function diskAttachmentStore(folder: string): AttachmentStore {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(folder, key);
  };
  let made: Promise<unknown> | undefined;
  return {
    kind: 'disk',
    async put(key, bytes) {
      const path = pathOf(key);
      await (made ??= mkdir(folder, { recursive: true, mode: 0o700 }));
      const temporary = join(folder, `.${key}.${randomBytes(6).toString('hex')}.part`);
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
