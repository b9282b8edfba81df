'use client';

import { formatPounds } from '@vet/contracts/money';
import type { PlanMembership } from '@vet/contracts/plans';
import { useEffect, useId, useRef, useState } from 'react';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import dialog from '@/shared/ui/dialog.module.css';
import { Skeleton } from '@/shared/ui/skeleton';
import { useCancellationQuote, useCancelPlan, useRefreshPlans } from '@/features/plans/api/cancellation';
import styles from './plans.module.css';

/**
 * Leaving as easily as joining (issue 65, part 4): the dialog "Cancel <pet>'s plan" opened (press 1)
 * reads what applies today (nothing within the cooling-off period or when the pet has gone, else the
 * early-exit fee) and shows it before "Cancel plan" (press 2), which sends the fee shown. A 409 (the fee
 * changed meanwhile) shows the new quote for the owner to read and press again.
 */
export function CancelPlanDialog({
  membership,
  onClose,
}: {
  membership: PlanMembership;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const quote = useCancellationQuote(membership.id, true);
  const cancel = useCancelPlan(membership.id);
  /** The fee paid to leave, once cancelled; null until then. */
  const [paid, setPaid] = useState<number | null>(null);
  const done = paid !== null;
  const [feeChanged, setFeeChanged] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done || feeChanged) result.current?.focus();
  }, [done, feeChanged]);
  // Once cancelled, the pet's plans are read again when the dialog goes (closed, or the page left).
  const refreshPlans = useRefreshPlans();
  const cancelled = useRef(false);
  useEffect(
    () => () => {
      if (cancelled.current) void refreshPlans();
    },
    [refreshPlans],
  );

  const submit = () => {
    if (!quote.data) return;
    const { feePence } = quote.data;
    setFeeChanged(false);
    cancel.mutate(feePence, {
      onSuccess: () => {
        cancelled.current = true;
        setPaid(feePence);
      },
      onError: (error) => {
        if (apiProblem(error).status === 409) setFeeChanged(true);
      },
    });
  };
  const problem = cancel.isError && !feeChanged ? apiProblem(cancel.error) : null;
  const title = done ? `${membership.petName}’s plan is cancelled` : `Cancel ${membership.petName}’s plan?`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <h2 id={titleId} className={dialog.title}>
        {title}
      </h2>
      <div id={textId} className={dialog.content}>
        {paid !== null ? (
          <div ref={result} tabIndex={-1} role="status">
            <p className={dialog.contentText}>
              {membership.planName} has ended for {membership.petName}
              {paid > 0 ? `, with an exit fee of ${formatPounds(paid)}` : ', with nothing to pay'}. The Direct
              Debit stops, and we have e-mailed you a confirmation.
            </p>
          </div>
        ) : quote.isError ? (
          <LoadError
            message="We could not work out what cancelling costs."
            onRetry={() => void quote.refetch()}
          />
        ) : !quote.data || quote.isFetching ? (
          <>
            <p role="status" className="visually-hidden">
              Working out what applies
            </p>
            <Skeleton variant="rounded" height={72} />
          </>
        ) : (
          <>
            {feeChanged && (
              <div ref={result} tabIndex={-1}>
                <AppAlert severity="warning" className={styles.alert}>
                  What applies changed since you opened this. Please read it again.
                </AppAlert>
              </div>
            )}
            <p className={dialog.contentText}>{quote.data.text}</p>
            <p className={dialog.contentText}>
              <strong>
                {quote.data.feePence === 0
                  ? 'Nothing to pay.'
                  : `Exit fee: ${formatPounds(quote.data.feePence)}.`}
              </strong>
            </p>
            {problem && (
              <AppAlert severity="error" className={styles.alert}>
                {problem.message ?? submissionFailedMessage}
              </AppAlert>
            )}
          </>
        )}
      </div>
      <div className={`${dialog.actions} ${styles.dialogActions}`}>
        {done ? (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="outlined" onClick={onClose} disabled={cancel.isPending}>
              Keep the plan
            </Button>
            <Button
              variant="contained"
              onClick={submit}
              loading={cancel.isPending}
              disabled={!quote.data || quote.isFetching}
            >
              Cancel plan
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
