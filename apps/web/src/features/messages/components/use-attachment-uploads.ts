'use client';

import type { MessageAttachment } from '@vet/contracts/messages';
import type { AttachmentKind } from '@vet/contracts/message-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readErrorBody } from '@/shared/api/api-problem';
import { claimedKind, pickRefusal, uploadRefusals } from '@/features/messages/attachment-rules';
import { attachmentHref } from '@/features/messages/message-text';

/** A file on the draft: uploading (with its progress), uploaded (with its id), or refused (with why). */
export interface DraftFile {
  key: string;
  name: string;
  kind: AttachmentKind;
  /** 0 to 1 while uploading. */
  progress: number;
  status: 'uploading' | 'uploaded' | 'refused';
  attachment: MessageAttachment | null;
  /** A local preview while it uploads (a HEIC photo may not show until it is the JPEG it becomes). */
  previewUrl: string | null;
  error: string | null;
}

const uploadUrl = '/bff/v2/attachments';

/**
 * POST /bff/v2/attachments, one file in the field `file` (part A's route: names.md). XMLHttpRequest,
 * because fetch reports no upload progress; same-origin, so the browser sends the Origin the BFF checks.
 */
function upload(
  file: File,
  onProgress: (fraction: number) => void,
): { done: Promise<MessageAttachment>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<MessageAttachment>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 && body) return resolve(body as MessageAttachment);
      const refusal = readErrorBody(body);
      const reason = (refusal?.code && uploadRefusals[refusal.code]) ?? refusal?.message;
      reject(new Error(reason ?? 'This file could not be uploaded. Please try again.'));
    };
    xhr.onerror = () =>
      reject(new Error('This file could not be uploaded: check your connection and try again.'));
    xhr.onabort = () => reject(new Error('aborted'));
  });
  const form = new FormData();
  form.append('file', file);
  xhr.open('POST', uploadUrl);
  xhr.setRequestHeader('accept', 'application/json');
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}

/** A file a kept draft had uploaded before a reload (message-draft.ts). */
const keptFile = (attachment: MessageAttachment): DraftFile => ({
  key: crypto.randomUUID(),
  name: attachment.fileName,
  kind: attachment.kind,
  progress: 1,
  status: 'uploaded',
  attachment,
  previewUrl: null,
  error: null,
});

/**
 * The draft's files (`uploaded`: those a kept draft had already): each uploaded as soon as it is picked,
 * so three photos go up while the owner types (decision 0165). `announce` is the last change in words,
 * for a live region.
 */
export function useAttachmentUploads(uploaded: MessageAttachment[] = []) {
  const [files, setFiles] = useState<DraftFile[]>(() => uploaded.map(keptFile));
  const [announcement, setAnnouncement] = useState('');
  const aborts = useRef(new Map<string, () => void>());
  // The files as of the last change, for the callbacks (an upload ends after many renders).
  const filesRef = useRef<DraftFile[]>(files);
  const update = useCallback((next: (current: DraftFile[]) => DraftFile[]) => {
    filesRef.current = next(filesRef.current);
    setFiles(filesRef.current);
  }, []);

  const change = useCallback(
    (key: string, patch: Partial<DraftFile>) =>
      update((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f))),
    [update],
  );

  const add = useCallback(
    (picked: File[]) => {
      for (const file of picked) {
        const key = crypto.randomUUID();
        const onDraft = filesRef.current.filter((f) => f.status !== 'refused').map((f) => f.kind);
        const refusal = pickRefusal(file, onDraft);
        const kind = claimedKind(file);
        const entry: DraftFile = {
          key,
          name: file.name,
          kind,
          progress: 0,
          status: refusal ? 'refused' : 'uploading',
          attachment: null,
          previewUrl: kind === 'photo' && !refusal ? URL.createObjectURL(file) : null,
          error: refusal,
        };
        update((current) => [...current, entry]);
        if (refusal) {
          setAnnouncement(`${file.name}: ${refusal}`);
          continue;
        }
        setAnnouncement(`Uploading ${file.name}`);
        const { done, abort } = upload(file, (progress) => change(key, { progress }));
        aborts.current.set(key, abort);
        done
          .then(
            (attachment) => {
              change(key, { status: 'uploaded', attachment, progress: 1 });
              setAnnouncement(`${file.name} uploaded`);
            },
            (error: Error) => {
              if (error.message === 'aborted') return;
              change(key, { status: 'refused', error: error.message });
              setAnnouncement(`${file.name}: ${error.message}`);
            },
          )
          .finally(() => aborts.current.delete(key));
      }
    },
    [change, update],
  );

  const remove = useCallback(
    (key: string) => {
      const file = filesRef.current.find((f) => f.key === key);
      if (!file) return;
      aborts.current.get(key)?.();
      if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
      // An unsent upload is deleted now rather than after a day (a 409 once sent is no matter here).
      if (file.attachment)
        void fetch(attachmentHref(file.attachment.id), { method: 'DELETE' }).catch(() => undefined);
      update((current) => current.filter((f) => f.key !== key));
      setAnnouncement(`${file.name} removed`);
    },
    [update],
  );

  /** After a send: the files went with the message. */
  const clear = useCallback(() => {
    for (const file of filesRef.current) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
    update(() => []);
  }, [update]);

  useEffect(() => () => aborts.current.forEach((abort) => abort()), []);

  return { files, add, remove, clear, announcement };
}
