'use client';

import { useId } from 'react';
import { ActionButton, actionButtonClassName } from '@/shared/actions/action-button';
import type { ActionOutcome, HomePractice } from '@/shared/actions/action-rules';
import { useActionDialog } from '@/shared/actions/use-action-dialog';
import { Button } from '@/shared/ui/button';
import typography from '@/shared/ui/typography.module.css';
import styles from './dashboard-actions.module.css';

export interface DashboardActionsProps {
  /** What "Book an appointment" does: its page, or the dialog that says why not. */
  booking: ActionOutcome;
  registration: ActionOutcome;
  practice?: HomePractice | null;
}

/**
 * The dashboard's actions: each goes to its page, or, when the rules of R6.2 to R6.4 block it, opens the
 * dialog that says why. The server decides them with the page (decision 0118), so they never wait.
 */
export function DashboardActions({ booking, registration, practice }: DashboardActionsProps) {
  const headingId = useId();
  const { openDialog, dialog } = useActionDialog(practice);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={typography.gutterBottom}>
        What would you like to do?
      </h2>
      <div className={styles.actions}>
        <ActionButton label="Book an appointment" outcome={booking} primary onDialog={openDialog} />
        <ActionButton label="Register a pet" outcome={registration} onDialog={openDialog} />
        {/* A plain link, drawn like the ruled actions beside it (ActionButton's 48px high, roomy look). */}
        <Button href="/client-detail" variant="outlined" className={actionButtonClassName}>
          Update your details
        </Button>
        <Button href="/your-practice" variant="outlined" className={actionButtonClassName}>
          Your practice
        </Button>
        <Button href="/drug-request" variant="outlined" className={actionButtonClassName}>
          Repeat prescriptions
        </Button>
      </div>
      {dialog}
    </section>
  );
}
