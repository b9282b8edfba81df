import type { InvoiceDetail } from '@vet/contracts/bills';
import type { ReactNode } from 'react';
import { StatusChip } from '@/shared/components/status-chip';
import { formatLongDate } from '@/shared/dates/appointment-time';
import card from '@/shared/ui/card.module.css';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import { billTitle, invoiceStateLabel } from '@/features/bills/bill-text';
import { BillFacts } from './bill-facts';
import { BillLinesTable, billTotals } from './bill-lines-table';
import { PrintButton } from './print-button';
import styles from './invoice-view.module.css';

/**
 * An itemised bill (/bills/invoices/{id}, issue 63), drawn on the server: who charges (the practice's name,
 * address, phone, VAT number and owner, as the CMA's itemised bill asks), the date, vet and pets, every
 * line, and the totals with what is paid and due. Printed, it is one A4 sheet: the frame hides the header,
 * drawer and footer in print, and this page's stylesheet sets the sheet and a compact table.
 */
export function InvoiceView({
  invoice,
  notice,
  payment,
}: {
  invoice: InvoiceDetail;
  /** What happened on the way back from the payment page (invoice-payment.tsx). */
  notice?: ReactNode;
  /** The pay form (invoice-payment.tsx). */
  payment?: ReactNode;
}) {
  const { practice } = invoice;
  return (
    <Container maxWidth="md" spacing="page" className={styles.page}>
      <div className={card.headingRow}>
        <h1>{billTitle('invoice', invoice.title)}</h1>
        <StatusChip label={invoiceStateLabel(invoice.state, invoice.duePence)} variant="outlined" />
      </div>
      {notice}
      <address className={styles.practice}>
        <strong>{practice.name}</strong>
        {practice.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
        {practice.phone && <span>Telephone {practice.phone}</span>}
        {practice.vatNumber && <span>VAT registration number {practice.vatNumber}</span>}
        {practice.ownership && <span>{practice.ownership}</span>}
      </address>
      <BillFacts
        facts={[
          ['Invoice number', invoice.number],
          ['Date', formatLongDate(invoice.issuedOn)],
          ['Due by', invoice.dueOn && formatLongDate(invoice.dueOn)],
          ['Vet', invoice.clinicianName],
          ['Pets', invoice.petNames.join(', ')],
        ]}
      />
      <BillLinesTable
        caption="What each item cost"
        lines={invoice.lines}
        totals={[
          ...billTotals(invoice.totalPence, invoice.vatPence),
          { label: 'Paid', pence: invoice.paidPence },
          { label: 'Left to pay', pence: invoice.duePence, strong: true },
        ]}
      />
      {payment}
      <div className={styles.actions}>
        <PrintButton />
        {invoice.estimateId !== null && (
          <TextLink href={`/bills/estimates/${invoice.estimateId}`} className={styles.screenOnly}>
            See the estimate for this treatment
          </TextLink>
        )}
        <TextLink href="/bills" className={styles.screenOnly}>
          All your bills and estimates
        </TextLink>
      </div>
    </Container>
  );
}
