import type { HealthPlan } from '@vet/contracts/plans';
import { benefitAllowanceText, planBandsText, planTerms } from '@/features/plans/plan-text';
import styles from './plans.module.css';

/**
 * A plan's pre-contract information (issue 65, the DMCC Act's subscription rules): what it covers, the
 * price, the minimum term, renewal, the cooling-off period and how to leave, with the early-exit fee.
 * Drawn on the server (the plans page) and in the browser (the join page) alike.
 */
export function PlanTerms({ plan, headingLevel = 3 }: { plan: HealthPlan; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {plan.description && <p>{plan.description}</p>}
      <p>For: {planBandsText(plan)}.</p>
      <Heading className={styles.subheading}>What it covers each plan year</Heading>
      <ul>
        {plan.benefits.map((benefit) => (
          <li key={benefit.name}>
            {benefit.name}: {benefitAllowanceText(benefit)}
          </li>
        ))}
      </ul>
      <Heading className={styles.subheading}>Terms</Heading>
      <dl className={styles.terms}>
        {planTerms(plan).map(({ term, text }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
