import type { BillsSummary } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import { useId } from 'react';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import { billHref, billTitle } from '@/features/bills/bill-text';
import styles from './bills-dashboard-card.module.css';

/**
 * The dashboard's word on bills (issue 63): each estimate that waits for the owner's answer and each
 * unpaid bill, linking to its page. Nothing at all when there is neither (or the API could not say: the
 * rest of the dashboard stands without it).
 */
export function BillsDashboardCard({ summary }: { summary: BillsSummary | undefined }) {
  const headingId = useId();
  if (!summary || (summary.estimatesToAnswer.length === 0 && summary.unpaidBills.length === 0)) return null;
  return (
    <section aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <h2 id={headingId} className={typography.gutterBottom}>
        Bills and estimates
      </h2>
      <ul className={styles.list}>
        {summary.estimatesToAnswer.map((estimate) => (
          <li key={`estimate-${estimate.id}`}>
            <TextLink href={billHref('estimate', estimate.id)}>
              {billTitle('estimate', estimate.title)}: {formatPounds(estimate.totalPence)}
            </TextLink>{' '}
            needs your answer
          </li>
        ))}
        {summary.unpaidBills.map((bill) => (
          <li key={`invoice-${bill.id}`}>
            <TextLink href={billHref('invoice', bill.id)}>{billTitle('invoice', bill.title)}</TextLink>:{' '}
            {formatPounds(bill.duePence)} to pay
          </li>
        ))}
      </ul>
      <div className={styles.more}>
        <TextLink href="/bills">See all your bills and estimates</TextLink>
      </div>
    </section>
  );
}
