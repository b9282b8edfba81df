import { clamdScanner } from '@vet/attachments/clamd-scanner';
import type { AttachmentStore } from '@vet/attachments/attachment-store';
import { databaseAttachmentStore } from '@vet/attachments/database-store';
import { diskAttachmentStore } from '@vet/attachments/disk-store';
import { noScanner, type MalwareScanner } from '@vet/attachments/malware-scan';
import { s3AttachmentStore } from '@vet/attachments/s3-store';
import type { Database } from '@vet/db/connection';

/** Where the bytes are kept, as the API's config says (config/attachments.ts). */
export type AttachmentStoreSettings =
  | { kind: 'database' }
  | { kind: 'disk'; folder: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface AttachmentSettings {
  store: AttachmentStoreSettings;
  clamd: { host: string; port: number } | { socket: string } | undefined;
}

/** What the attachment routes and the unsent sweep need. */
export interface AttachmentDeps {
  db: Database;
  store: AttachmentStore;
  scanner: MalwareScanner;
}

/**
 * The configured store (decision 0166): one per process, shared by the routes, the sweep of unsent
 * uploads, and erasure and retention (which delete through it by storage key).
 */
export function attachmentStoreOf(settings: AttachmentStoreSettings, db: Database): AttachmentStore {
  return externalAttachmentFiles(settings) ?? databaseAttachmentStore(db);
}

/**
 * The store that erasure and retention delete bytes through, where it lies outside the database: a disk or
 * S3 store. Undefined for the database's own store, whose bytes they delete in their own transaction (so a
 * rolled-back deletion keeps them).
 */
export function externalAttachmentFiles(settings: AttachmentStoreSettings): AttachmentStore | undefined {
  switch (settings.kind) {
    case 'database':
      return undefined;
    case 'disk':
      return diskAttachmentStore(settings.folder);
    case 's3':
      return s3AttachmentStore({ ...settings, prefix: 'attachments/' });
  }
}

export function malwareScannerOf(settings: AttachmentSettings['clamd']): MalwareScanner {
  return settings ? clamdScanner(settings) : noScanner;
}

/** `files`: the process's disk or S3 store (externalAttachmentFiles), so erasure deletes through the same one. */
export function attachmentDepsOf(
  settings: AttachmentSettings,
  db: Database,
  files = externalAttachmentFiles(settings.store),
): AttachmentDeps {
  return { db, store: files ?? databaseAttachmentStore(db), scanner: malwareScannerOf(settings.clamd) };
}
