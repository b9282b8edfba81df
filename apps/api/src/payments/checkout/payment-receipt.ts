import { formatPounds } from '@vet/contracts/money';
import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

export interface ReceiptFacts {
  email: string;
  first_name: string;
  practice_name: string;
  owner_name: string | null;
  amount_pence: number;
  description: string;
  paid_at: Date;
  provider_payment_id: string | null;
  invoice_id: number | null;
  /** A card hold (decision 0158): held on the card, not taken. */
  held?: boolean;
  /** A deposit's or hold's terms, as shown before payment; and where its payment's page is. */
  terms?: string | null;
  payment_id?: number;
}

/**
 * The owner's receipt for a payment taken online (decision 0157), written with the payment's record: the
 * amount, what for, when, and the provider's reference the practice can find it by. No card detail: the
 * portal never sees one.
 */
export function paymentReceiptEmail(
  settings: { portalUrl: string; brandName: string },
  facts: ReceiptFacts,
): OutgoingEmail {
  const when = facts.paid_at.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: facts.held
      ? `Card hold: ${formatPounds(facts.amount_pence)} for ${facts.practice_name}`
      : `Payment received: ${formatPounds(facts.amount_pence)} to ${facts.practice_name}`,
    greeting: `Hello ${facts.first_name},`,
    paragraphs: [
      facts.held
        ? `Thank you: ${formatPounds(facts.amount_pence)} is held on your card for ${facts.practice_name}. Nothing has been taken.`
        : `Thank you: we have taken your payment of ${formatPounds(facts.amount_pence)} to ${facts.practice_name}.`,
      `For: ${facts.description}.`,
      `${facts.held ? 'Held' : 'Paid'} on ${when}.`,
      ...(facts.terms ? [facts.terms] : []),
      ...(facts.provider_payment_id ? [`Payment reference: ${facts.provider_payment_id}.`] : []),
      'Keep this e-mail as your receipt. Your practice records the payment against your account.',
    ],
    ...actionOf(settings.portalUrl, facts),
    footer:
      'You received this e-mail because you paid your practice online through the portal. It is a service ' +
      'message, sent whatever your marketing choices.',
    sender: {
      portalUrl: settings.portalUrl,
      practice: { name: facts.practice_name, ownerName: facts.owner_name },
    },
  });
  return { to: facts.email, ...email };
}

function actionOf(portalUrl: string, facts: ReceiptFacts) {
  if (facts.invoice_id)
    return { action: { label: 'See the bill', url: `${portalUrl}/bills/invoices/${facts.invoice_id}` } };
  if (facts.payment_id) {
    return {
      action: { label: 'See your booking', url: `${portalUrl}/appointments/payment/${facts.payment_id}` },
    };
  }
  return {};
}
