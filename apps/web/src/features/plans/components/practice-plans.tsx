import type { PracticePlans as PracticePlansData } from '@vet/contracts/plans';
import { cx } from '@/shared/ui/cx';
import { Button } from '@/shared/ui/button';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { planJoinHref, planPriceText } from '@/features/plans/plan-text';
import { PlanTerms } from './plan-terms';
import styles from './plans.module.css';

/**
 * A practice's health plans (issue 65, part 2), drawn on the server: each with its price a month and a
 * year, what it covers and its terms, and "Join" (signed in, the owner picks a pet on the join page).
 */
export function PracticePlans({ plans }: { plans: PracticePlansData | undefined }) {
  if (!plans) return <p>The plans could not be shown just now. Please try again later.</p>;
  if (plans.plans.length === 0) return <p>{plans.practiceName} does not offer health plans online.</p>;
  return (
    <ul className={cx(styles.choices, styles.plansList)}>
      {plans.plans.map((plan) => {
        const headingId = `plan-${plan.id}-name`;
        return (
          <li key={plan.id}>
            <article
              aria-labelledby={headingId}
              className={cx(surface.outlined, styles.card, styles.section)}
            >
              <div className={styles.headingRow}>
                <h2 id={headingId} className={typography.h3}>
                  {plan.name}
                </h2>
              </div>
              <p>
                <strong>{planPriceText(plan)}</strong> (VAT included)
              </p>
              <PlanTerms plan={plan} />
              <div className={styles.actions}>
                <Button href={planJoinHref(null, plan.id)} variant="contained">
                  Join<span className="visually-hidden"> {plan.name}</span>
                </Button>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
