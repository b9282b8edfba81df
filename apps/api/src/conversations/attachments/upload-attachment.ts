import { createHash } from 'node:crypto';
import { newStorageKey } from '@vet/attachments/attachment-store';
import { ScanUnavailable } from '@vet/attachments/malware-scan';
import { prepareAttachment } from '@vet/attachments/prepare';
import { AttachmentRefused } from '@vet/attachments/refusal';
import type { MessageAttachment } from '@vet/contracts/messages';
import type { FastifyBaseLogger } from 'fastify';
import { serviceUnavailable } from '../../platform/index.ts';
import type { AttachmentDeps } from './attachment-deps.ts';
import { insertUnsentAttachment } from './attachment-rows.ts';
import { safeFileName } from './file-names.ts';

export interface Upload {
  chunks: AsyncIterable<Uint8Array>;
  /** The name the owner's device gave: shown back to the owner, never logged, never used to decide. */
  fileName: string;
}

/**
 * An owner's upload stored as their unsent attachment (decision 0165): prepared (type by content, size,
 * re-encoding), scanned, then its bytes put under a new random key and its row written. A refusal stores
 * nothing; so does a scanner that gives no verdict (503: nothing unscanned passes where a scanner is set).
 */
export async function uploadAttachment(
  deps: AttachmentDeps,
  clientId: number,
  upload: Upload,
  log: FastifyBaseLogger,
): Promise<MessageAttachment & { processingMs: number }> {
  const prepared = await prepareAttachment(upload.chunks);
  const scanState = await deps.scanner.scan(prepared.bytes).catch((error: unknown) => {
    if (!(error instanceof ScanUnavailable)) throw error;
    log.warn({ clientId, scanner: deps.scanner.name }, 'attachment upload: no scan verdict');
    throw serviceUnavailable(
      'We could not check this file just now. Please try again in a few minutes.',
      'scan_unavailable',
    );
  });
  if (scanState === 'infected') {
    log.warn({ clientId, scanner: deps.scanner.name }, 'attachment upload: infected file refused');
    throw new AttachmentRefused('infected');
  }
  const storageKey = newStorageKey();
  await deps.store.put(storageKey, prepared.bytes, prepared.contentType);
  try {
    const row = await insertUnsentAttachment(deps.db, {
      clientId,
      kind: prepared.kind,
      contentType: prepared.contentType,
      byteSize: prepared.bytes.length,
      width: prepared.width,
      height: prepared.height,
      fileName: safeFileName(upload.fileName, prepared.contentType),
      sha256: createHash('sha256').update(prepared.bytes).digest('hex'),
      storageKey,
      scanState,
    });
    return {
      id: row.id,
      kind: row.kind,
      contentType: row.contentType,
      byteSize: row.byteSize,
      width: row.width,
      height: row.height,
      fileName: row.fileName,
      processingMs: prepared.processingMs,
    };
  } catch (error) {
    // No row, no bytes: the key was never handed out.
    await deps.store.delete([storageKey]);
    throw error;
  }
}
