import { formatPounds } from '@vet/contracts/money';
import { calendarDay, monthNames } from '@vet/contracts/practice-clock';
import type { PlanBilling } from '@vet/contracts/plan-rules';
import { brandedEmail } from '@vet/email/branded-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';

/** What the plan notices need of the app's config. */
export interface PlanNoticeSettings {
  /** The portal's public address without a trailing slash. */
  portalUrl: string;
  brandName: string;
}

/** What every plan notice names: whom, which pet and plan, which practice (decision 0143's closing lines). */
export type PlanNoticeFacts = {
  membership_id: number;
  email: string;
  first_name: string;
  pet_id: number;
  pet_name: string;
  plan_name: string;
  billing: PlanBilling;
  practice_name: string;
  practice_phone: string;
  owner_name: string | null;
};

/** "17 February 2030". */
export function longDate(date: string): string {
  const day = calendarDay(date);
  return `${day.day} ${monthNames[day.month - 1]} ${day.year}`;
}

/** "Healthy Pet Club plan", but "Puppy Plan" as it is, not "Puppy Plan plan". */
const planWords = (name: string) => (/\bplan\b/i.test(name) ? name : `${name} plan`);

const perPeriod = (pence: number, billing: PlanBilling) =>
  `${formatPounds(pence)} a ${billing === 'yearly' ? 'year' : 'month'}`;

export const petPageUrl = (settings: PlanNoticeSettings, petId: number) =>
  `${settings.portalUrl}/pets/${petId}`;

/** The words of the pet page's button that ends a plan (the web's cancel dialog opens from it). */
export const cancelLabel = (petName: string) => `Cancel ${petName}’s plan`;

const howToLeave = (facts: PlanNoticeFacts) =>
  `To leave, open ${facts.pet_name}’s page in the portal and press “${cancelLabel(facts.pet_name)}”. ` +
  'It shows what, if anything, there is to pay before you confirm.';

/**
 * Why the owner got it: a notice about a contract they hold is a service message (decision 0163), sent
 * whatever their marketing or reminder choices, as the bill e-mails are (0153).
 */
export const planNoticeFooter =
  'You received this e-mail because your pet is a member of a health plan at your practice. Notices about ' +
  'your plan are service messages, sent whatever your marketing or reminder choices.';

function planEmail(
  settings: PlanNoticeSettings,
  facts: PlanNoticeFacts,
  subject: string,
  paragraphs: string[],
): OutgoingEmail {
  const email = brandedEmail({
    brandName: settings.brandName,
    subject,
    greeting: `Hello ${facts.first_name},`,
    paragraphs,
    action: { label: `Open ${facts.pet_name}’s page`, url: petPageUrl(settings, facts.pet_id) },
    footer: planNoticeFooter,
    sender: {
      portalUrl: settings.portalUrl,
      practice: { name: facts.practice_name, ownerName: facts.owner_name },
    },
  });
  return { to: facts.email, ...email };
}

/**
 * The reminder 30 days before a plan renews (issue 65; the DMCC Act's renewal reminder): the day, the price
 * from then, and how to leave.
 */
export function renewalNoticeEmail(
  settings: PlanNoticeSettings,
  notice: PlanNoticeFacts & { renews_on: string; price_pence: number; renewal_price_pence: number },
): OutgoingEmail {
  const plan = planWords(notice.plan_name);
  const price = perPeriod(notice.renewal_price_pence, notice.billing);
  return planEmail(settings, notice, `${notice.pet_name}’s ${plan} renews on ${longDate(notice.renews_on)}`, [
    `${notice.pet_name}’s ${plan} at ${notice.practice_name} renews on ${longDate(notice.renews_on)}, and ` +
      'carries on unless you cancel it.',
    notice.renewal_price_pence === notice.price_pence
      ? `The price stays at ${price}, including VAT.`
      : `From then it costs ${price}, including VAT (now ${perPeriod(notice.price_pence, notice.billing)}).`,
    howToLeave(notice),
  ]);
}

/**
 * A collection that failed (issue 65): what, and what happens next, as the portal does it. The portal sets
 * up subscriptions without GoCardless's automatic retries (direct-debit/), so nothing is taken again on its
 * own: the practice is told (plan.payment_failed) and is the one to sort it out with the owner.
 */
export function paymentFailedEmail(
  settings: PlanNoticeSettings,
  notice: PlanNoticeFacts & { failed_on: string; price_pence: number },
): OutgoingEmail {
  const plan = planWords(notice.plan_name);
  return planEmail(settings, notice, `A Direct Debit payment for ${notice.pet_name}’s plan failed`, [
    `The Direct Debit payment of ${formatPounds(notice.price_pence)} for ${notice.pet_name}’s ${plan} ` +
      `could not be taken from your account on ${longDate(notice.failed_on)}.`,
    `It will not be collected again automatically. ${notice.pet_name}’s plan stays in place for now, and ` +
      `${notice.practice_name} has been told and will contact you about the missed payment.`,
    `If your bank details have changed, or you would like to pay another way, contact ${notice.practice_name} ` +
      `on ${notice.practice_phone}: they can set up a new Direct Debit with you.`,
  ]);
}

/**
 * The offer to end a plan when the pet has died or been rehomed (issue 65): nothing to pay, and no
 * further plan reminders about it.
 */
export function petGoneEmail(
  settings: PlanNoticeSettings,
  notice: PlanNoticeFacts & { pet_status: 'Deceased' | 'Rehomed' },
): OutgoingEmail {
  const plan = planWords(notice.plan_name);
  const deceased = notice.pet_status === 'Deceased';
  return planEmail(settings, notice, `About ${notice.pet_name}’s ${plan}`, [
    deceased
      ? `We are very sorry to hear that ${notice.pet_name} has died.`
      : `We understand that ${notice.pet_name} has a new home.`,
    `${notice.pet_name}’s ${plan} at ${notice.practice_name} is still running, and so are its payments. ` +
      `You can end it now with nothing to pay: open ${notice.pet_name}’s page in the portal and press ` +
      `“${cancelLabel(notice.pet_name)}”.`,
    'We will not send you any more reminders about this plan. If you have a question about it, contact ' +
      `${notice.practice_name} on ${notice.practice_phone}.`,
  ]);
}
