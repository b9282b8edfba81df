'use client';

import { Button } from '@/shared/ui/button';
import { attachmentHref } from '@/features/messages/message-text';
import styles from './messages.module.css';
import type { DraftFile } from './use-attachment-uploads';

/** The draft's files: a thumbnail, the upload's progress or refusal beside the file, and Remove. */
export function DraftFiles({ files, onRemove }: { files: DraftFile[]; onRemove: (key: string) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className={styles.draftFiles} aria-label="Files to send">
      {files.map((file) => {
        const errorId = `draft-file-${file.key}-error`;
        const thumb =
          file.kind === 'photo' && file.attachment ? attachmentHref(file.attachment.id) : file.previewUrl;
        return (
          <li key={file.key} className={styles.draftFile}>
            {thumb ? (
              // The owner's own file through the BFF, behind sign-in: next/image's optimiser cannot fetch it.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={thumb} alt="" width={64} height={64} className={styles.draftThumb} />
            ) : (
              <span className={styles.draftThumb} aria-hidden="true">
                {file.kind === 'video' ? '▶' : '?'}
              </span>
            )}
            <div className={styles.draftInfo}>
              <span className={styles.fileName}>{file.name}</span>
              {file.status === 'uploading' && (
                <progress value={file.progress} max={1} aria-label={`Uploading ${file.name}`} />
              )}
              {file.status === 'uploaded' && <span className={styles.count}>Ready to send</span>}
              {file.error && (
                <span id={errorId} className={styles.fieldError}>
                  {file.error}
                </span>
              )}
            </div>
            <Button
              variant="text"
              onClick={() => onRemove(file.key)}
              aria-label={`Remove ${file.name}`}
              aria-describedby={file.error ? errorId : undefined}
            >
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
