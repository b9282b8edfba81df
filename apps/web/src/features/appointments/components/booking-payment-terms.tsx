import { formatPounds } from '@vet/contracts/money';
import type { BookingPaymentTerms } from '@vet/contracts/payments';
import { useId } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import typography from '@/shared/ui/typography.module.css';
import { paymentAskedText, paymentNoun } from '@/features/appointments/booking-payment-text';
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

/**
 * The check step's notices about paying (issue 64): the terms asked, a visit that cannot take them (one
 * pet at a time), terms that could not be read, and terms the API said had changed.
 */
export function BookingPaymentNotices(props: {
  asked: AskedTerms | null;
  visit: boolean;
  reasonName: string;
  termsFailed: boolean;
  onRetryTerms: () => void;
  changedTerms: string | null;
}) {
  const { asked } = props;
  return (
    <>
      {asked && <BookingPaymentTermsBlock terms={asked} />}
      {asked && props.visit && (
        <div className={styles.notice}>
          <AppAlert severity="info">
            {props.reasonName} needs a {paymentNoun(asked.kind, asked.amountPence)} for each pet, taken one
            appointment at a time: book each pet on its own.
          </AppAlert>
        </div>
      )}
      {props.termsFailed && (
        <div className={styles.notice}>
          <LoadError
            message="We could not check whether this appointment needs a payment."
            onRetry={props.onRetryTerms}
          />
        </div>
      )}
      {props.changedTerms && (
        <div className={styles.notice}>
          <AppAlert severity="error" title="The payment asked has changed">
            {props.changedTerms}
          </AppAlert>
        </div>
      )}
    </>
  );
}
