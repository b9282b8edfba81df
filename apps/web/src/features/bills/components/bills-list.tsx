import type { BillSummary } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import { StatusChip } from '@/shared/components/status-chip';
import { formatLongDate } from '@/shared/dates/appointment-time';
import card from '@/shared/ui/card.module.css';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import { billHref, billStateLabel } from '@/features/bills/bill-text';
import styles from './bills-list.module.css';

const kindLabel = { estimate: 'Estimate', invoice: 'Bill' } as const;

function BillRow({ bill }: { bill: BillSummary }) {
  const headingId = `${bill.kind}-${bill.id}`;
  const date = formatLongDate(bill.issuedOn);
  return (
    <li className={cx(surface.outlined, card.padded, styles.row)} aria-labelledby={headingId}>
      <div className={card.headingRow}>
        <h2 id={headingId} className={styles.title}>
          <TextLink href={billHref(bill.kind, bill.id)}>
            {bill.title ? `${kindLabel[bill.kind]}: ${bill.title}` : `${kindLabel[bill.kind]} of ${date}`}
          </TextLink>
        </h2>
        <StatusChip label={billStateLabel(bill)} variant="outlined" />
      </div>
      <p className={typography.secondary}>
        {date} · {bill.practiceName}
        {bill.petNames.length > 0 && ` · ${bill.petNames.join(', ')}`}
      </p>
      <p className={styles.total}>Total {formatPounds(bill.totalPence)}</p>
    </li>
  );
}

/** The client's estimates and bills, newest first, each a link to its page (issue 63). */
export function BillsList({ bills, empty }: { bills: readonly BillSummary[]; empty: string }) {
  if (bills.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {bills.map((bill) => (
        <BillRow key={`${bill.kind}-${bill.id}`} bill={bill} />
      ))}
    </ul>
  );
}
