import { formatPounds } from '@vet/contracts/money';
import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import type { MembershipRow } from './membership-rows.ts';
import { dayWords } from './plan-words.ts';

/**
 * The owner's confirmation that their plan has ended (issue 65): which plan, for which pet, the day it
 * ended, what leaving costs, and that no more payments will be taken. A service message.
 */
export function planCancelledEmail(
  settings: { portalUrl: string; brandName: string },
  row: MembershipRow & { client_email: string },
  facts: { endedOn: string; feePence: number },
): OutgoingEmail {
  const email = brandedEmail({
    brandName: settings.brandName,
    subject: `${row.pet_name}'s ${row.plan_name} has ended`,
    greeting: `Hello ${row.client_first_name},`,
    paragraphs: [
      `${row.pet_name}'s ${row.plan_name} with ${row.practice_name} ended on ${dayWords(facts.endedOn)}, as you asked.`,
      facts.feePence > 0
        ? `Leaving before the end of the plan's minimum term costs ${formatPounds(facts.feePence)}, the plan's early-exit fee, as you were shown. Your practice will ask you for it; it is not taken by Direct Debit.`
        : 'There is nothing to pay for leaving.',
      'No more payments will be taken: we have told the Direct Debit provider to stop the plan’s collections, and your practice has been told.',
    ],
    action: { label: `See ${row.pet_name}'s page`, url: `${settings.portalUrl}/pets/${row.pet_id}` },
    footer:
      'You received this e-mail because you cancelled a health plan through the portal. It is a service ' +
      'message, sent whatever your marketing choices.',
    sender: {
      portalUrl: settings.portalUrl,
      practice: { name: row.practice_name, ownerName: row.practice_owner_name },
    },
  });
  return { to: row.client_email, ...email };
}
