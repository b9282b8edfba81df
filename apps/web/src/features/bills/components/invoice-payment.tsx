import type { InvoiceDetail } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';
import type { Payment } from '@vet/contracts/payments';
import { AppAlert } from '@/shared/components/app-alert';
import { payInvoice } from '@/features/bills/server/pay-invoice-action';
import { PayButton } from './pay-button';
import styles from './invoice-view.module.css';

/** Why a payment could not start, in words (the API's refusal codes, decision 0157). */
const payErrors: Record<string, string> = {
  amount_changed: 'The amount due on this bill has changed since you opened it. Check it, then pay again.',
  nothing_due: 'This bill has nothing left to pay.',
  payments_off: 'Paying online is not available yet. Call the practice to pay.',
};
const payErrorFallback =
  'Paying online is not working just now. Nothing has been taken. Try again in a few minutes, or call the practice.';

/** What the page says on the way back from the payment page, by where the payment stands. */
function returnNotice(payment: Payment | undefined, cancelled: boolean) {
  if (!payment) return null;
  if (payment.status === 'paid')
    return (
      <AppAlert severity="success" title="Thank you: your payment is received">
        We have taken {formatPounds(payment.amountPence)}. A receipt is on its way to your e-mail, and the
        practice records the payment against your account.
      </AppAlert>
    );
  if (payment.status === 'pending' && !cancelled)
    return (
      <AppAlert severity="info" title="We are confirming your payment">
        This takes a moment. <a href={`?payment=${payment.id}`}>Check again</a>; nothing will be taken twice.
      </AppAlert>
    );
  return (
    <AppAlert severity="info" title="No payment was taken">
      You left the payment page without paying. You can pay below whenever you are ready.
    </AppAlert>
  );
}

/**
 * On the way back from the payment page (issue 64), what happened, or why a payment did not start: shown
 * under the bill's heading, where the owner lands, before the lines.
 */
export function PaymentNotice({
  payment,
  cancelled,
  payError,
}: {
  payment: Payment | undefined;
  cancelled: boolean;
  payError: string | null;
}) {
  const notice = returnNotice(payment, cancelled);
  if (!notice && !payError) return null;
  return (
    <div className={styles.payment}>
      {notice}
      {payError && (
        <AppAlert severity="error" title="The payment did not start">
          {payErrors[payError] ?? payErrorFallback}
        </AppAlert>
      )}
    </div>
  );
}

/**
 * With money due and payments on, "Pay £X now" under the totals: it opens the provider's hosted page, so no
 * card detail ever reaches the portal.
 */
export function PayForm({ invoice }: { invoice: InvoiceDetail }) {
  if (!invoice.payOnline) return null;
  return (
    <form action={payInvoice} className={styles.payForm}>
      <input type="hidden" name="invoiceId" value={invoice.id} />
      <input type="hidden" name="amountPence" value={invoice.duePence} />
      <p>You pay on our payment provider’s secure page; your card details never reach this portal.</p>
      <PayButton label={`Pay ${formatPounds(invoice.duePence)} now`} />
    </form>
  );
}
