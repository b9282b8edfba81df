import { formatPounds } from '@vet/contracts/money';
import { minCoolingOffDays, monthsText, type PlanBilling } from '@vet/contracts/plan-rules';
import type { HealthPlan, MembershipBenefit, PlanBenefit, PlanMembership } from '@vet/contracts/plans';
import { isSerialId } from '@vet/contracts/id-rules';
import { calendarDay, monthNames } from '@vet/contracts/practice-clock';

/**
 * The words of the plan pages (issue 65): prices VAT included, allowances "used and left this plan
 * year", and the pre-contract information the DMCC Act's subscription rules ask for, in plain English.
 * No zod here: the pages import it (decision 0032).
 */

/** "14 March 2027" (decision 0051: no `Intl` formatter). */
export function formatCalendarDate(date: string): string {
  const { year, month, day } = calendarDay(date);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

/** "£16.50 a month" or "£180.00 a year". */
export const billingPriceText = (pence: number, billing: PlanBilling) =>
  `${formatPounds(pence)} a ${billing === 'monthly' ? 'month' : 'year'}`;

/** "£16.50 a month, or £180.00 a year": every way a plan may be paid for. */
export function planPriceText(plan: Pick<HealthPlan, 'monthlyPence' | 'yearlyPence'>): string {
  const monthly = billingPriceText(plan.monthlyPence, 'monthly');
  return plan.yearlyPence === null
    ? monthly
    : `${monthly}, or ${billingPriceText(plan.yearlyPence, 'yearly')}`;
}

/** What a benefit gives: "2 a year", "As many as needed", "10% off". */
export function benefitAllowanceText(benefit: PlanBenefit): string {
  if (benefit.kind === 'discount') return `${benefit.discountPercent ?? 0}% off`;
  return benefit.allowancePerYear === null ? 'As many as needed' : `${benefit.allowancePerYear} a year`;
}

/** What is used and left this plan year: "1 used, 1 left", "3 used", "None left". */
export function benefitUseText(benefit: MembershipBenefit): string {
  if (benefit.kind === 'discount') return `${benefit.discountPercent ?? 0}% off`;
  if (benefit.left === null) return benefit.used === 0 ? 'Included' : `${benefit.used} used, no limit`;
  if (benefit.left === 0) return `All ${benefit.used} used`;
  return `${benefit.used} used, ${benefit.left} left`;
}

/** The species and ages a plan is for: "Dog, from 6 months old", "Every species, any age". */
export function planBandsText(plan: Pick<HealthPlan, 'species' | 'minAgeMonths' | 'maxAgeMonths'>): string {
  const who = plan.species.length === 0 ? 'Every species' : plan.species.join(', ');
  const ages = [
    plan.minAgeMonths > 0 ? `from ${monthsText(plan.minAgeMonths)} old` : null,
    plan.maxAgeMonths !== null ? `under ${monthsText(plan.maxAgeMonths)} old` : null,
  ].filter(Boolean);
  return `${who}, ${ages.length === 0 ? 'any age' : ages.join(' and ')}`;
}

/** The pre-contract information, term by term, as the owner reads it before joining. */
export function planTerms(plan: HealthPlan): { term: string; text: string }[] {
  const coolingOff = Math.max(plan.coolingOffDays, minCoolingOffDays);
  const minimum =
    plan.minimumTermMonths === 0
      ? 'None: leave whenever you like.'
      : `${monthsText(plan.minimumTermMonths)}.`;
  const renewal = plan.nextPrice
    ? `The plan renews each year. From ${formatCalendarDate(plan.nextPrice.from)} it costs ${planPriceText(plan.nextPrice)}.`
    : 'The plan renews each year at the price then in force. We e-mail you 30 days before, with the price and how to leave.';
  const exit =
    plan.earlyExitFeePence === 0
      ? 'Nothing to pay to leave.'
      : `Leaving before the minimum term ends (after the cooling-off period) costs ${formatPounds(plan.earlyExitFeePence)}. Nothing to pay if your pet dies or is rehomed.`;
  return [
    { term: 'Price', text: `${planPriceText(plan)}, VAT included, by Direct Debit.` },
    { term: 'Minimum term', text: minimum },
    { term: 'Renewal', text: [renewal, plan.renewalTerms].filter(Boolean).join(' ') },
    {
      term: 'Cooling-off period',
      text: `${coolingOff} days from the day you join: leave within them and pay nothing for leaving.`,
    },
    {
      term: 'How to leave',
      text: `Press “Cancel plan” on your pet’s page, or call the practice. ${exit} ${plan.exitTerms ?? ''}`.trim(),
    },
  ];
}

/** A membership's state in words, for a chip. */
export function membershipStatusText(membership: Pick<PlanMembership, 'status'>): string {
  switch (membership.status) {
    case 'pending':
      return 'Setting up Direct Debit';
    case 'active':
      return 'Active';
    case 'cancelled':
      return 'Cancelled';
    case 'ended':
      return 'Ended';
  }
}

/** The next payment: "£16.50 on 1 December 2026", or null when none is due. */
export function nextPaymentText(membership: PlanMembership): string | null {
  if (!membership.nextPaymentOn) return null;
  return `${formatPounds(membership.pricePence)} on ${formatCalendarDate(membership.nextPaymentOn)}`;
}

/** A problem the owner must act on, in words; null when none. */
export function membershipProblemText(membership: PlanMembership): string | null {
  if (membership.mandateProblem) {
    return `The Direct Debit for ${membership.petName}’s plan was cancelled or failed at the bank, so no payments can be taken. Please call ${membership.practiceName} to set it up again; the plan stays in place meanwhile.`;
  }
  if (membership.paymentFailedOn) {
    return `The payment due on ${formatCalendarDate(membership.paymentFailedOn)} could not be taken. Check there is money in the account: the provider tries again, and ${membership.practiceName} will contact you if it fails again.`;
  }
  return null;
}

export const planJoinHref = (petId: number | null, planId: number) =>
  `/plans/join?${petId === null ? '' : `petId=${petId}&`}planId=${planId}`;

/** The booking flow with the pet and the reason chosen (features/appointments booking-params). */
export const bookReasonHref = (petId: number, reasonId: number | null) =>
  `/appointments/book?petId=${petId}${reasonId === null ? '' : `&reasonId=${reasonId}`}`;

/** An id of the address written as the portal writes it ("7", not "007"), else null. */
export function serialIdOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && isSerialId(id) && String(id) === value ? id : null;
}
