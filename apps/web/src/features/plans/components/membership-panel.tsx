'use client';

import { formatPounds } from '@vet/contracts/money';
import type { PlanMembership } from '@vet/contracts/plans';
import { practiceDate } from '@vet/contracts/practice-clock';
import { useId, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { StatusChip } from '@/shared/components/status-chip';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import {
  benefitUseText,
  bookReasonHref,
  formatCalendarDate,
  membershipProblemText,
  membershipStatusText,
  nextPaymentText,
  planJoinHref,
} from '@/features/plans/plan-text';
import { CancelPlanDialog } from './cancel-plan-dialog';
import styles from './plans.module.css';

/**
 * A pet's membership on its page (issue 65, part 2): the plan, its state, what it covers with what is
 * used and left this plan year, the next vaccination with "Book it" one press away, the next payment and
 * the renewal; a Direct Debit problem or a failed payment said plainly; "Cancel <pet>'s plan" opens the
 * dialog that shows what applies (part 4).
 */
export function MembershipPanel({ membership, canBook }: { membership: PlanMembership; canBook: boolean }) {
  const headingId = useId();
  const benefitsId = useId();
  const [cancelling, setCancelling] = useState(false);
  const live = membership.status === 'active' || membership.status === 'pending';
  const problem = live ? membershipProblemText(membership) : null;
  const payment = nextPaymentText(membership);
  const vaccination = membership.nextVaccination;
  return (
    <section aria-labelledby={headingId} className={styles.membership}>
      <div className={styles.headingRow}>
        <h3 id={headingId} className={typography.h3}>
          {membership.planName}
        </h3>
        <StatusChip label={membershipStatusText(membership)} variant="outlined" size="small" />
      </div>
      {problem && (
        <AppAlert severity="warning" className={styles.alert}>
          {problem}
        </AppAlert>
      )}
      {membership.status === 'pending' && (
        <div className={styles.vaccination}>
          <p>The Direct Debit is not set up yet. The plan starts covering {membership.petName} once it is.</p>
          <Button href={planJoinHref(membership.petId, membership.planId)} variant="contained">
            Finish setting up the Direct Debit
          </Button>
        </div>
      )}
      {!live && membership.endedOn && (
        <p>
          Ended on {formatCalendarDate(membership.endedOn)}
          {membership.exitFeePence ? ` (exit fee ${formatPounds(membership.exitFeePence)})` : ''}.
        </p>
      )}
      {live && (
        <dl className={styles.facts}>
          <div>
            <dt>Next payment</dt>
            <dd>{payment ?? 'None due'}</dd>
          </div>
          <div>
            <dt>Renews on</dt>
            <dd>{formatCalendarDate(membership.renewsOn)}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{formatCalendarDate(membership.startedOn)}</dd>
          </div>
        </dl>
      )}
      {live && vaccination && (
        <div className={styles.vaccination}>
          <p>
            <strong>Next vaccination:</strong> {vaccination.vaccine},{' '}
            {vaccination.dueOn < practiceDate(new Date()) ? 'was due' : 'due'}{' '}
            {formatCalendarDate(vaccination.dueOn)}
            {vaccination.covered ? ' (covered by your plan)' : ''}
          </p>
          {canBook && membership.status === 'active' && (
            <Button href={bookReasonHref(membership.petId, vaccination.reasonId)} variant="outlined">
              Book it
              <span className="visually-hidden">
                {' '}
                ({vaccination.vaccine} for {membership.petName})
              </span>
            </Button>
          )}
        </div>
      )}
      <h4 id={benefitsId} className={styles.subheading}>
        What the plan covers this plan year
      </h4>
      <table className={styles.benefits} aria-labelledby={benefitsId}>
        <thead>
          <tr>
            <th scope="col">Benefit</th>
            <th scope="col">Used and left</th>
          </tr>
        </thead>
        <tbody>
          {membership.benefits.map((benefit) => (
            <tr key={benefit.name}>
              <th scope="row">{benefit.name}</th>
              <td className={cx(benefit.left === 0 && styles.usedUp)}>{benefitUseText(benefit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {membership.status === 'active' && (
        <div className={styles.actions}>
          <Button variant="outlined" onClick={() => setCancelling(true)}>
            Cancel {membership.petName}’s plan
          </Button>
        </div>
      )}
      {cancelling && <CancelPlanDialog membership={membership} onClose={() => setCancelling(false)} />}
    </section>
  );
}
