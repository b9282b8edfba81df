'use client';

import type { EstimateDetail } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { Button } from '@/shared/ui/button';
import { useAnswerEstimate } from '@/features/bills/api/estimate';
import {
  conflictText,
  declineReasonLimit,
  declineReasonProblem,
} from '@/features/bills/estimate-answer-text';
import styles from './estimate-answer.module.css';

type Step = 'choose' | 'accept' | 'decline';

/**
 * The owner's answer to an estimate that waits for one (issue 63): two presses, never one. "Accept this
 * estimate" opens a step with the total and "Yes, accept £X"; "Decline" opens a form whose reason is
 * required. The answer names the revision read: a 409 (revised, or answered, meanwhile) reads the estimate
 * again and says why in words. Once sent, it says what was answered and that an e-mail is on its way.
 */
export function EstimateAnswer({ estimate }: { estimate: EstimateDetail }) {
  const [step, setStep] = useState<Step>('choose');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  /** The revision an answer refused with 409 was given to: what the words compare with. */
  const [conflictRevision, setConflictRevision] = useState<number | null>(null);
  const [answered, setAnswered] = useState(false);
  const answer = useAnswerEstimate(estimate.id);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const acceptButton = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const reasonId = useId();
  const total = formatPounds(estimate.totalPence);

  /** Back from a confirmation: the focus returns to the button that opened it. */
  const returning = useRef(false);
  // The confirmation's heading takes the focus, so a screen reader reads the step it moved to.
  useEffect(() => {
    if (step !== 'choose') stepHeading.current?.focus();
    else if (returning.current) acceptButton.current?.focus();
    returning.current = false;
  }, [step]);
  useEffect(() => {
    if (answered || conflictRevision !== null) notice.current?.focus();
  }, [answered, conflictRevision]);

  const send = (body: Parameters<typeof answer.mutate>[0]) => {
    setConflictRevision(null);
    answer.mutate(body, {
      onSuccess: () => {
        setAnswered(true);
        setStep('choose');
      },
      onError: (error) => {
        if (apiProblem(error).status === 409) {
          setConflictRevision(body.revision);
          setStep('choose');
        }
      },
    });
  };

  const back = () => {
    returning.current = true;
    setStep('choose');
    answer.reset();
  };

  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    const problem = declineReasonProblem(reason);
    setReasonError(problem);
    if (problem === null) send({ answer: 'declined', revision: estimate.revision, reason: reason.trim() });
  };

  const failed = answer.isError && apiProblem(answer.error).status !== 409;

  return (
    <>
      {answered && estimate.answer !== null && (
        <div ref={notice} tabIndex={-1} className={styles.notice}>
          <AppAlert severity="success">
            {estimate.answer === 'accepted'
              ? `You accepted this estimate for ${formatPounds(estimate.agreedTotalPence ?? estimate.totalPence)}.`
              : 'You declined this estimate. Your practice has your reason.'}{' '}
            A confirmation e-mail is on its way to you.
          </AppAlert>
        </div>
      )}
      {conflictRevision !== null && (
        <div ref={notice} tabIndex={-1} className={styles.notice}>
          <AppAlert severity="warning">{conflictText(estimate, conflictRevision)}</AppAlert>
        </div>
      )}
      {estimate.state === 'needsAnswer' && step === 'choose' && (
        <div className={styles.actions}>
          <Button variant="contained" ref={acceptButton} onClick={() => setStep('accept')}>
            Accept this estimate
          </Button>
          <Button variant="outlined" onClick={() => setStep('decline')}>
            Decline
          </Button>
        </div>
      )}
      {estimate.state === 'needsAnswer' && step === 'accept' && (
        <section aria-labelledby={`${reasonId}-accept`} className={styles.step}>
          <h3 id={`${reasonId}-accept`} ref={stepHeading} tabIndex={-1}>
            Accept this estimate?
          </h3>
          <p>
            You agree to the treatment on this estimate, at a total of {total} including VAT, and to the
            practice’s terms. The practice will ask you again if the cost rises by 20% or £500.
          </p>
          {failed && <AppAlert severity="error">{submissionFailedMessage}</AppAlert>}
          <div className={styles.actions}>
            <Button
              variant="contained"
              loading={answer.isPending}
              onClick={() => send({ answer: 'accepted', revision: estimate.revision })}
            >
              Yes, accept {total}
            </Button>
            <Button variant="outlined" onClick={back} disabled={answer.isPending}>
              Back
            </Button>
          </div>
        </section>
      )}
      {estimate.state === 'needsAnswer' && step === 'decline' && (
        <form
          noValidate
          onSubmit={submitDecline}
          aria-labelledby={`${reasonId}-decline`}
          className={styles.step}
        >
          <h3 id={`${reasonId}-decline`} ref={stepHeading} tabIndex={-1}>
            Decline this estimate?
          </h3>
          <label htmlFor={reasonId} className={styles.label}>
            Why are you declining? (required)
          </label>
          <p id={`${reasonId}-hint`} className={styles.hint}>
            Your practice reads this. Up to {declineReasonLimit} characters.
          </p>
          {reasonError && (
            <p id={`${reasonId}-error`} className={styles.error}>
              {reasonError}
            </p>
          )}
          <textarea
            id={reasonId}
            name="reason"
            rows={4}
            required
            aria-invalid={reasonError !== null}
            aria-describedby={`${reasonId}-hint${reasonError ? ` ${reasonId}-error` : ''}`}
            maxLength={declineReasonLimit}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={styles.textarea}
          />
          {failed && <AppAlert severity="error">{submissionFailedMessage}</AppAlert>}
          <div className={styles.actions}>
            <Button type="submit" variant="contained" loading={answer.isPending}>
              Decline estimate
            </Button>
            <Button variant="outlined" onClick={back} disabled={answer.isPending}>
              Back
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
