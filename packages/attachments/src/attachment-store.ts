import { randomBytes } from 'node:crypto';

/**
 * Where an attachment's bytes live (decision 0165): the database (the default), a folder, or an
 * S3-compatible bucket, each under a random storage key. The rows (message_attachments) say whose a file
 * is; a store knows only keys and bytes, so erasure, retention and the unsent-upload sweep delete through
 * the same three calls whichever store is configured.
 */
export interface AttachmentStore {
  readonly kind: 'database' | 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null where the key holds nothing (already deleted). */
  get(key: string): Promise<Buffer | null>;
  /** Deletes every key given; a key that holds nothing is no error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** 144 random bits as 24 base64url characters: never derived from an id, so no address can be guessed. */
export function newStorageKey(): string {
  return randomBytes(18).toString('base64url');
}

/** A key this code could have made: the disk and S3 stores refuse anything else (no `../`, no `/`). */
export function isStorageKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{24}$/.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error('not an attachment storage key');
}
