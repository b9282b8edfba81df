/**
 * Health plans (issue 65, decision 0160): a practice's monthly or yearly plans and each pet's membership,
 * from the practice system, joined and left in the portal. The rules every way in, the API and the pages
 * share. No zod here: the pages import it.
 */

/** A plan's benefit: so many of a service a plan year (an allowance), or a percentage off (a discount). */
export const planBenefitKinds = ['allowance', 'discount'] as const;
export type PlanBenefitKind = (typeof planBenefitKinds)[number];

/**
 * A membership's state: `pending` while the Direct Debit is being set up (joined online, not yet
 * confirmed), `active`, `cancelled` (by the owner, the practice or the bank), `ended` (the practice
 * system ended it: not renewed, or the pet left).
 */
export const membershipStatuses = ['pending', 'active', 'cancelled', 'ended'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];
/** The states in which a pet holds the plan: a second one for the same pet and plan is refused. */
export const liveMembershipStatuses = ['pending', 'active'] as const satisfies readonly MembershipStatus[];

export const planBillings = ['monthly', 'yearly'] as const;
export type PlanBilling = (typeof planBillings)[number];

/** Who ended a membership. */
export const membershipCancellers = ['client', 'practice', 'bank'] as const;
export type MembershipCanceller = (typeof membershipCancellers)[number];

/**
 * Why it ended: the owner's choice, the pet's death or rehoming (no fee), the Direct Debit failing or
 * cancelled at the bank, or the practice's own reason.
 */
export const membershipEndReasons = ['owner', 'deceased', 'rehomed', 'mandate', 'practice'] as const;
export type MembershipEndReason = (typeof membershipEndReasons)[number];

/**
 * The cooling-off period of a service contract made at a distance: 14 days from the day it is made
 * (Consumer Contracts Regulations 2013, reg. 30; the DMCC Act's subscription rules keep it). A plan may
 * give more, never less.
 */
export const minCoolingOffDays = 14;
/** The renewal reminder goes out this many days before the renewal date (issue 65). */
export const renewalNoticeDays = 30;
/** The most a plan's price may be a month or a year: far above any pet plan, in whole pence. */
export const maxPlanPence = 1_000_000;
/** The oldest age band edge, in months (30 years). */
export const maxPlanAgeMonths = 360;

/** Whole months from a date of birth to a day (YYYY-MM-DD), as an owner counts them. */
export function ageInMonths(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
}

/** A day (YYYY-MM-DD) plus whole days, in the calendar (no clock). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A day plus whole months; the 31st of a shorter month falls on its last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export interface PlanBands {
  /** The species the plan is for (the portal's species ids); empty: every species. */
  speciesIds: readonly number[];
  minAgeMonths: number;
  /** null: no upper age. */
  maxAgeMonths: number | null;
}

export type PlanRefusal =
  | { reason: 'species'; message: string }
  | { reason: 'age_unknown'; message: string }
  | { reason: 'too_young'; message: string }
  | { reason: 'too_old'; message: string }
  | { reason: 'pet_gone'; message: string };

/**
 * Whether a pet may join a plan, or the reason it may not, in words the owner reads (issue 65: "an age or
 * species outside the plan's bands is refused with the reason").
 */
export function planRefusal(
  plan: PlanBands & { name: string },
  pet: { name: string; speciesId: number; speciesName: string; dateOfBirth: string | null; status: string },
  today: string,
): PlanRefusal | null {
  if (pet.status !== 'Active') {
    return { reason: 'pet_gone', message: `${pet.name} is no longer recorded as with you.` };
  }
  if (plan.speciesIds.length > 0 && !plan.speciesIds.includes(pet.speciesId)) {
    return { reason: 'species', message: `${plan.name} is not for a ${pet.speciesName.toLowerCase()}.` };
  }
  if (plan.minAgeMonths === 0 && plan.maxAgeMonths === null) return null;
  if (!pet.dateOfBirth) {
    return {
      reason: 'age_unknown',
      message: `${plan.name} depends on age, and we do not have ${pet.name}'s date of birth. Add it on ${pet.name}'s page first.`,
    };
  }
  const age = ageInMonths(pet.dateOfBirth, today);
  if (age < plan.minAgeMonths) {
    return {
      reason: 'too_young',
      message: `${plan.name} is for pets from ${monthsText(plan.minAgeMonths)} old.`,
    };
  }
  if (plan.maxAgeMonths !== null && age >= plan.maxAgeMonths) {
    return {
      reason: 'too_old',
      message: `${plan.name} is for pets under ${monthsText(plan.maxAgeMonths)} old.`,
    };
  }
  return null;
}

/** "8 weeks" is not a plan's unit; months under two years, years after, as practices write them. */
export function monthsText(months: number): string {
  if (months >= 24 && months % 12 === 0) return `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

export interface ExitTerms {
  minimumTermMonths: number;
  coolingOffDays: number;
  earlyExitFeePence: number;
}

/** What leaving costs today, and why (issue 65: shown before the last press). */
export type ExitCost =
  | { feePence: 0; why: 'cooling_off'; coolingOffEnds: string }
  | { feePence: 0; why: 'pet_gone' }
  | { feePence: 0; why: 'term_complete' }
  | { feePence: number; why: 'early_exit'; minimumTermEnds: string };

/**
 * Nothing within the cooling-off period (counted from the start: the day the contract is made), nothing
 * when the pet has died or been rehomed, nothing once the minimum term is served; otherwise the plan's
 * early-exit fee.
 */
export function exitCost(
  terms: ExitTerms,
  membership: { startedOn: string },
  petStatus: string,
  today: string,
): ExitCost {
  if (petStatus !== 'Active') return { feePence: 0, why: 'pet_gone' };
  const coolingOffEnds = addDays(membership.startedOn, Math.max(terms.coolingOffDays, minCoolingOffDays));
  if (today < coolingOffEnds) return { feePence: 0, why: 'cooling_off', coolingOffEnds };
  const minimumTermEnds = addMonths(membership.startedOn, terms.minimumTermMonths);
  if (today >= minimumTermEnds || terms.earlyExitFeePence === 0) return { feePence: 0, why: 'term_complete' };
  return { feePence: terms.earlyExitFeePence, why: 'early_exit', minimumTermEnds };
}
