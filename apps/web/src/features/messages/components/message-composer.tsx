'use client';

import { attachmentAccept, maxMessageChars, maxPhotosPerMessage } from '@vet/contracts/message-rules';
import type { SentMessage } from '@vet/contracts/messages';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createApiClient } from '@/shared/api/api-client';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { useInBrowser } from '@/shared/components/use-in-browser';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { Button } from '@/shared/ui/button';
import {
  draftPlace,
  forgetDraft,
  keepDraft,
  keptDraft,
  type MessageDraft,
} from '@/features/messages/message-draft';
import { DraftFiles } from './draft-files';
import styles from './messages.module.css';
import { useAttachmentUploads, type DraftFile } from './use-attachment-uploads';

const api = createApiClient();

/** Where the message goes: a chosen pet (or the account), or the conversation's own pet. */
export type ComposerTarget =
  | { choose: { petId: number; name: string }[]; initialPetId: number | null }
  | { petId: number | null; conversationId: number };

/** The first words of the refusal the owner must fix, for the text field. */
function bodyRefusal(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return 'Write your message.';
  if (length > maxMessageChars)
    return `Your message is too long: at most ${maxMessageChars.toLocaleString('en-GB')} characters.`;
  return null;
}

const attachmentsOf = (files: DraftFile[]) => files.flatMap((f) => (f.attachment ? [f.attachment] : []));

/**
 * One composer per place (draftPlace), so another pet's new message starts from its own draft; drawn
 * again once in the browser, starting from the draft the tab kept (the server cannot read it).
 */
export function MessageComposer({ target }: { target: ComposerTarget }) {
  const inBrowser = useInBrowser();
  const place = draftPlace(target);
  const kept = inBrowser ? keptDraft(place) : undefined;
  return <Composer key={`${place}:${inBrowser}`} target={target} kept={kept} />;
}

/** The pet a draft is about: the kept one while it can still be chosen, else the page's. */
function startingPet(target: ComposerTarget, kept: MessageDraft | null | undefined): number | null {
  if (!('choose' in target)) return target.petId;
  const choosable = kept && (kept.petId === null || target.choose.some((pet) => pet.petId === kept.petId));
  return choosable ? kept.petId : target.initialPetId;
}

/**
 * Writing to the practice (issue 66): the text with its limit counted, photos or a video uploaded as they
 * are picked, and one send. The text stays on any failure and across a reload (message-draft.ts), and the
 * draft's own request id makes a double click or a retry send once (the API answers a repeat with the
 * first message).
 */
function Composer({
  target,
  kept,
}: {
  target: ComposerTarget;
  /** The tab's draft for this place; undefined in the server's drawing, where nothing is kept. */
  kept: MessageDraft | null | undefined;
}) {
  const { router, navigating } = usePortalRouter();
  const ids = useId();
  const [text, setText] = useState(kept?.text ?? '');
  const [petId, setPetId] = useState<number | null>(() => startingPet(target, kept));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const requestId = useRef<string | null>(kept?.requestId ?? null);
  const uploads = useAttachmentUploads(kept?.files);
  const place = draftPlace(target);
  const keeping = kept !== undefined;

  useEffect(() => {
    if (!keeping) return;
    keepDraft(place, { text, petId, files: attachmentsOf(uploads.files), requestId: requestId.current });
  }, [keeping, place, text, petId, uploads.files]);

  const bodyId = `${ids}-body`;
  const countId = `${ids}-count`;
  const errorId = `${ids}-error`;
  const filesId = `${ids}-files`;
  const length = text.trim().length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sendingRef.current) return;
    const refusal = bodyRefusal(text);
    setFieldError(refusal);
    // A refusal shown stays until the send succeeds: the button must not move under a second click.
    if (refusal) return;
    if (uploads.files.some((f) => f.status === 'uploading'))
      return setSendError('Wait for your files to finish uploading, then send.');
    if (uploads.files.some((f) => f.status === 'refused'))
      return setSendError('Remove the files that could not be added, then send.');
    sendingRef.current = true;
    setSending(true);
    requestId.current ??= crypto.randomUUID();
    // Kept before the request: a reload while it is under way then resends it once, not twice.
    keepDraft(place, { text, petId, files: attachmentsOf(uploads.files), requestId: requestId.current });
    try {
      const sent = await api.post<SentMessage>('/v2/messages', {
        body: {
          petId,
          body: text,
          attachmentIds: attachmentsOf(uploads.files).map((attachment) => attachment.id),
          requestId: requestId.current,
        },
      });
      setText('');
      setSendError(null);
      uploads.clear();
      requestId.current = null;
      forgetDraft(place);
      if ('conversationId' in target && target.conversationId === sent.conversationId) router.refresh();
      else router.push(`/messages/${sent.conversationId}`);
    } catch (error) {
      const problem = apiProblem(error);
      const issue = problem.issues.find((i) => i.path === 'body');
      if (issue) setFieldError(issue.message);
      else
        setSendError(
          problem.status !== null && problem.status < 500 && problem.message
            ? problem.message
            : submissionFailedMessage,
        );
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className={styles.composer}
      aria-label="Write to the practice"
    >
      {'choose' in target && (
        <div className={styles.field}>
          <label htmlFor={`${ids}-about`}>What is it about?</label>
          <select
            id={`${ids}-about`}
            value={petId === null ? '' : String(petId)}
            onChange={(event) => setPetId(event.target.value === '' ? null : Number(event.target.value))}
            className={styles.select}
          >
            {target.choose.map((pet) => (
              <option key={pet.petId} value={pet.petId}>
                {pet.name}
              </option>
            ))}
            <option value="">My account</option>
          </select>
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={bodyId}>Your message</label>
        <textarea
          id={bodyId}
          name="body"
          rows={6}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (fieldError) setFieldError(bodyRefusal(event.target.value));
          }}
          aria-invalid={fieldError !== null}
          aria-describedby={fieldError ? `${errorId} ${countId}` : countId}
          className={styles.textarea}
        />
        <p id={countId} className={length > maxMessageChars ? styles.countOver : styles.count}>
          {length.toLocaleString('en-GB')} of {maxMessageChars.toLocaleString('en-GB')} characters
        </p>
        {fieldError && (
          <p id={errorId} className={styles.fieldError}>
            {fieldError}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={filesId} className={styles.fileLabel}>
          Add photos or a video
        </label>
        <input
          id={filesId}
          type="file"
          multiple
          accept={attachmentAccept}
          aria-describedby={`${filesId}-hint`}
          className={styles.fileInput}
          onChange={(event) => {
            uploads.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <p id={`${filesId}-hint`} className={styles.count}>
          Up to {maxPhotosPerMessage} photos or one short video. Photos are resized and where they were taken
          is removed.
        </p>
        <DraftFiles files={uploads.files} onRemove={uploads.remove} />
        <div aria-live="polite" className="visually-hidden">
          {uploads.announcement}
        </div>
      </div>
      {sendError && (
        <div role="alert">
          <AppAlert severity="error" title="Your message was not sent" className={styles.alert}>
            {sendError} Your message is still here.
          </AppAlert>
        </div>
      )}
      <div>
        <Button type="submit" variant="contained" loading={sending || navigating}>
          Send message
        </Button>
      </div>
    </form>
  );
}
