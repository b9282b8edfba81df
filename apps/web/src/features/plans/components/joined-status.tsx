'use client';

import { useEffect, useRef } from 'react';
import { apiProblem, submissionFailedMessage } from '@/shared/api/api-problem';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import { useConfirmMembership } from '@/features/plans/api/membership';
import styles from './plans.module.css';

/**
 * Back from the provider's hosted page (issue 65, part 3): asks the API to read the Direct Debit's
 * set-up there and activate the membership (once, as the webhook would), then says where it stands:
 * joined, still waiting (try again), or not set up.
 */
export function JoinedStatus({ membershipId }: { membershipId: number }) {
  const confirm = useConfirmMembership(membershipId);
  const asked = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // Once per page: React's development double effect must not post twice (the API is idempotent anyway).
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  const retry = (
    <Button variant="outlined" onClick={() => confirm.mutate()} loading={confirm.isPending}>
      Check again
    </Button>
  );
  if (confirm.isError) {
    const problem = apiProblem(confirm.error);
    if (problem.status === 404) {
      return <AppAlert severity="error">We could not find this plan membership.</AppAlert>;
    }
    return (
      <AppAlert severity="error" action={retry}>
        {problem.message ?? submissionFailedMessage}
      </AppAlert>
    );
  }
  const membership = confirm.data;
  if (!membership || confirm.isPending) {
    return (
      <p role="status" className={styles.alert}>
        Checking your Direct Debit…
      </p>
    );
  }
  const petLink = (
    <Button href={`/pets/${membership.petId}`} variant="contained">
      See {membership.petName}’s plan
    </Button>
  );
  if (membership.status === 'active') {
    return (
      <div className={styles.section}>
        <AppAlert severity="success" title={`${membership.petName} has joined ${membership.planName}`}>
          Your Direct Debit is set up, and we have told your practice. The plan covers {membership.petName}{' '}
          from today.
        </AppAlert>
        <div className={styles.actions}>{petLink}</div>
      </div>
    );
  }
  if (membership.status === 'pending') {
    return (
      <div className={styles.section}>
        <AppAlert severity="info" title="Your Direct Debit is not confirmed yet" action={retry}>
          If you finished on the provider’s page, this can take a minute. If you left it, join again from{' '}
          {membership.petName}’s page.
        </AppAlert>
        <div className={styles.actions}>{petLink}</div>
      </div>
    );
  }
  return (
    <div className={styles.section}>
      <AppAlert severity="error" title="The Direct Debit was not set up">
        {membership.petName} has not joined {membership.planName}. Nothing will be taken. You can try again
        from {membership.petName}’s page.
      </AppAlert>
      <div className={styles.actions}>{petLink}</div>
    </div>
  );
}
