import { formatPounds } from '@vet/contracts/money';
import type { BookingPaymentTerms } from '@vet/contracts/payments';
import { useId } from 'react';
import typography from '@/shared/ui/typography.module.css';
import { paymentAskedText } from '@/features/appointments/booking-payment-text';
import styles from './booking-payment-terms.module.css';

export type AskedTerms = Exclude<BookingPaymentTerms, { kind: 'none' }>;

/**
 * On the check step, before the press (issue 64): what is asked, and the practice's terms in the API's
 * words, verbatim, since they are what the owner agrees to.
 */
export function BookingPaymentTermsBlock({ terms }: { terms: AskedTerms }) {
  const headingId = useId();
  return (
    <section className={styles.terms} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {terms.kind === 'deposit' ? 'Deposit' : 'Card hold'}: {formatPounds(terms.amountPence)}
      </h3>
      <p>{paymentAskedText(terms.kind, terms.amountPence)}</p>
      <p className={styles.termsText}>{terms.terms}</p>
      <p className={typography.secondary}>
        You pay on our payment provider’s secure page; your card details never reach this portal.
      </p>
    </section>
  );
}
