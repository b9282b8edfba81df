'use client';

import type { ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { SignedInAs } from './signed-in-as';
import styles from './confirm-link.module.css';

export interface ConfirmLinkProps {
  /** The signed-in identity's e-mail (the account that would be linked), when the session has one. */
  email: string | null;
  /** The press is being answered: both buttons wait. */
  linking: boolean;
  onConfirm: () => void;
  /** Forgets the link, so nothing is linked and the page goes on without it. */
  onDecline: () => void;
  /** What the link is: shown above who is signed in. */
  children: ReactNode;
}

/**
 * The step an e-mailed link or invitation stops at (decision 0059): nothing is linked until the person
 * presses, so a link someone else crafted for a record they control cannot link a visitor unawares, and
 * a reload or the back button changes nothing. It names the account that would be linked, not the record.
 */
export function ConfirmLink({ email, linking, onConfirm, onDecline, children }: ConfirmLinkProps) {
  return (
    <section className={styles.root}>
      <h2>Link this account to your practice&apos;s record?</h2>
      {children}
      <SignedInAs email={email} />
      <div className={styles.actions}>
        <Button variant="contained" size="large" loading={linking} onClick={onConfirm}>
          Link my account
        </Button>
        <Button variant="outlined" size="large" disabled={linking} onClick={onDecline}>
          Do not link
        </Button>
      </div>
    </section>
  );
}
