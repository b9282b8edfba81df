import { formatPounds } from '@vet/contracts/money';
import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** What the bills' e-mails need of the app's config. */
export interface BillEmailSettings {
  /** The portal's public address without a trailing slash. */
  portalUrl: string;
  brandName: string;
  /** The group takes payments online (decision 0157): a bill with money due offers to pay it. */
  payOnline?: boolean;
}

/** What every bill e-mail names: whose, which practice (its owner for the closing lines, decision 0143). */
interface BillFacts {
  id: number;
  email: string;
  first_name: string;
  title: string | null;
  practice_name: string;
  owner_name: string | null;
  total_pence: number;
  vat_pence: number;
}

export type EmailLine = {
  description: string;
  quantity: string;
  total_pence: number;
  pet_name: string | null;
};

/** A discount line reads "−£5.00", not "£-5.00". */
const pounds = (pence: number) => (pence < 0 ? `−${formatPounds(-pence)}` : formatPounds(pence));

/** One paragraph a line: what, for which pet, how many, and its total with VAT. */
const lineText = (line: EmailLine) =>
  `${line.description}${line.pet_name ? ` (${line.pet_name})` : ''}` +
  `${line.quantity === '1' ? '' : ` × ${line.quantity}`}: ${pounds(line.total_pence)}`;

const totals = (bill: BillFacts) =>
  `Total ${pounds(bill.total_pence)}, including VAT of ${pounds(bill.vat_pence)}.`;

const whatFor = (bill: BillFacts) => (bill.title ? `“${bill.title}”` : 'your pet’s treatment');

const senderOf = (settings: BillEmailSettings, bill: BillFacts) => ({
  portalUrl: settings.portalUrl,
  practice: { name: bill.practice_name, ownerName: bill.owner_name },
});

/** Why the owner got a bill e-mail: a service message about their own pet's treatment (decision 0153). */
export const billEmailFooter =
  'You received this e-mail because your practice sent you an estimate or a bill through the portal. ' +
  'Messages about your own pet’s treatment are service messages, sent whatever your marketing choices.';

export const estimateUrl = (settings: BillEmailSettings, id: number) =>
  `${settings.portalUrl}/bills/estimates/${id}`;
export const invoiceUrl = (settings: BillEmailSettings, id: number) =>
  `${settings.portalUrl}/bills/invoices/${id}`;

/** The owner's confirmation of their answer to an estimate, written with the answer (decision 0153). */
export function estimateAnswerEmail(
  settings: BillEmailSettings,
  estimate: BillFacts & { answer: 'accepted' | 'declined' | null; decline_reason: string | null },
): OutgoingEmail {
  const accepted = estimate.answer === 'accepted';
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: accepted
      ? `You accepted the estimate from ${estimate.practice_name}`
      : `You declined the estimate from ${estimate.practice_name}`,
    greeting: `Hello ${estimate.first_name},`,
    paragraphs: accepted
      ? [
          `You accepted the estimate for ${whatFor(estimate)}: ${totals(estimate)}`,
          `${estimate.practice_name} has been told. If the cost rises by 20% or £500 or more, ` +
            'they will ask you again before going ahead.',
        ]
      : [
          `You declined the estimate for ${whatFor(estimate)}. ${estimate.practice_name} has been told, ` +
            'with your reason, and may call you to talk it through.',
          `Your reason: ${estimate.decline_reason ?? ''}`,
        ],
    action: { label: 'See the estimate', url: estimateUrl(settings, estimate.id) },
    footer: 'You received this e-mail because you answered an estimate in the portal.',
    sender: senderOf(settings, estimate),
  });
  return { to: estimate.email, ...email };
}

/** A new estimate, or a revision that asks again (decision 0151): its lines, and a link to answer it. */
export function newEstimateEmail(
  settings: BillEmailSettings,
  estimate: BillFacts & { revised: boolean; expires_on: string | null },
  lines: readonly EmailLine[],
): OutgoingEmail {
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: estimate.revised
      ? `${estimate.practice_name} has revised an estimate: please answer again`
      : `An estimate from ${estimate.practice_name} needs your answer`,
    greeting: `Hello ${estimate.first_name},`,
    paragraphs: [
      estimate.revised
        ? `${estimate.practice_name} has revised the estimate for ${whatFor(estimate)}, and the cost has ` +
          'risen enough that they need your answer again.'
        : `${estimate.practice_name} has sent you an estimate for ${whatFor(estimate)}.`,
      ...lines.map(lineText),
      totals(estimate),
      'Open it in the portal to read the practice’s terms, then accept or decline it there.' +
        (estimate.expires_on ? ` It can be answered until ${estimate.expires_on}.` : ''),
    ],
    action: { label: 'Read the estimate', url: estimateUrl(settings, estimate.id) },
    footer: billEmailFooter,
    sender: senderOf(settings, estimate),
  });
  return { to: estimate.email, ...email };
}

/** A new bill: its lines, what is due, and a link to it (decision 0151). */
export function newInvoiceEmail(
  settings: BillEmailSettings,
  invoice: BillFacts & { due_pence: number; due_on: string | null },
  lines: readonly EmailLine[],
): OutgoingEmail {
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: `Your bill from ${invoice.practice_name}`,
    greeting: `Hello ${invoice.first_name},`,
    paragraphs: [
      `${invoice.practice_name} has sent you the bill for ${whatFor(invoice)}.`,
      ...lines.map(lineText),
      totals(invoice),
      invoice.due_pence > 0
        ? `Still to pay: ${pounds(invoice.due_pence)}${invoice.due_on ? `, by ${invoice.due_on}` : ''}.`
        : 'Nothing is left to pay.',
    ],
    action: { label: 'See the bill', url: invoiceUrl(settings, invoice.id) },
    footer: billEmailFooter,
    sender: senderOf(settings, invoice),
  });
  return { to: invoice.email, ...email };
}
