import type { PlanMembership } from '@vet/contracts/plans';
import { useId } from 'react';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import { formatCalendarDate, membershipProblemText, nextPaymentText } from '@/features/plans/plan-text';
import styles from './plans.module.css';

/**
 * The dashboard's word on health plans (issue 65): a line for each live membership (pet, plan, next
 * payment, renewal) linking to the pet's page, a problem said first. Nothing when there is none, or the
 * API could not say (the rest of the dashboard stands without it).
 */
export function PlansDashboardCard({ memberships }: { memberships: PlanMembership[] | undefined }) {
  const headingId = useId();
  const live = memberships?.filter((m) => m.status === 'active' || m.status === 'pending') ?? [];
  if (live.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <h2 id={headingId} className={typography.gutterBottom}>
        Health plans
      </h2>
      <ul className={styles.list}>
        {live.map((membership) => {
          const problem = membershipProblemText(membership);
          const payment = nextPaymentText(membership);
          return (
            <li key={membership.id}>
              <TextLink href={`/pets/${membership.petId}`}>
                {membership.petName}: {membership.planName}
              </TextLink>
              {membership.status === 'pending' && ' (setting up the Direct Debit)'}
              <br />
              <span className={typography.secondary}>
                {payment ? `Next payment ${payment}. ` : ''}Renews {formatCalendarDate(membership.renewsOn)}.
              </span>
              {problem && (
                <>
                  <br />
                  <strong>{problem}</strong>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
