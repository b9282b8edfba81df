import { planRefusal } from '@vet/contracts/plan-rules';
import type { MembershipBenefit, PetPlans, PlanMembership } from '@vet/contracts/plans';
import type { Executor } from '@vet/db/connection';
import { notFound } from '../../platform/index.ts';
import { plansOfferedOnline } from '../catalogue/index.ts';
import { membershipsOf, petOf, type MembershipRow } from './membership-repository.ts';

/**
 * A mandate in one of these states collects nothing: the owner is asked to set the Direct Debit up again.
 * GoCardless's mandate statuses: https://developer.gocardless.com/api-reference/#core-endpoints-mandates
 */
const mandateProblemStatuses = new Set(['failed', 'cancelled', 'expired', 'blocked', 'suspended_by_payer']);

const isLive = (status: PlanMembership['status']) => status === 'pending' || status === 'active';

/** This plan year's benefits, with what is left, the reasons covered and the next vaccination. */
export function membershipOfRow(row: MembershipRow): PlanMembership {
  const benefits: MembershipBenefit[] = row.benefits.map((benefit) => ({
    ...benefit,
    left:
      benefit.kind === 'allowance' && benefit.allowancePerYear !== null
        ? Math.max(0, benefit.allowancePerYear - benefit.used)
        : null,
  }));
  // Only an active plan covers anything: one still pending has taken no Direct Debit yet.
  const covering = benefits.filter(
    (benefit) => row.status === 'active' && benefit.kind === 'allowance' && benefit.left !== 0,
  );
  const coveredReasonIds = [
    ...new Set(covering.flatMap((benefit) => (benefit.reasonId === null ? [] : [benefit.reasonId]))),
  ];
  const vaccinationBenefit = benefits.find((benefit) => benefit.vaccination);
  return {
    id: row.id,
    petId: row.pet_id,
    petName: row.pet_name,
    planId: row.plan_id,
    planName: row.plan_name,
    practiceId: row.practice_id,
    practiceName: row.practice_name,
    status: row.status,
    billing: row.billing,
    pricePence: row.price_pence,
    startedOn: row.started_on,
    renewsOn: row.renews_on,
    nextPaymentOn: isLive(row.status) ? row.next_payment_on : null,
    paymentFailedOn: isLive(row.status) ? row.payment_failed_on : null,
    mandateProblem:
      isLive(row.status) &&
      row.dd_mandate_status !== null &&
      mandateProblemStatuses.has(row.dd_mandate_status),
    endedOn: row.ended_on,
    endReason: row.end_reason,
    exitFeePence: row.exit_fee_pence,
    benefits,
    nextVaccination: row.next_vaccination && {
      ...row.next_vaccination,
      covered: vaccinationBenefit !== undefined && covering.includes(vaccinationBenefit),
      reasonId: vaccinationBenefit?.reasonId ?? null,
    },
    coveredReasonIds,
  };
}

export async function listMemberships(db: Executor, clientId: number, today: string) {
  const rows = await membershipsOf(db, clientId, today);
  return { memberships: rows.map(membershipOfRow) };
}

export async function getMembership(
  db: Executor,
  clientId: number,
  membershipId: number,
  today: string,
): Promise<PlanMembership> {
  const [row] = await membershipsOf(db, clientId, today, { membershipId });
  if (!row) throw notFound('We could not find this plan membership.');
  return membershipOfRow(row);
}

/**
 * A pet's memberships, and the plans of its practice offered online that it is not active on, each with
 * the reason it may not join (species, age, the pet gone) or null.
 */
export async function petPlans(
  db: Executor,
  clientId: number,
  petId: number,
  today: string,
): Promise<PetPlans> {
  const pet = await petOf(db, clientId, petId);
  if (!pet) throw notFound('We could not find this pet.');
  const [rows, plans] = await Promise.all([
    membershipsOf(db, clientId, today, { petId }),
    plansOfferedOnline(db, pet.practice_id),
  ]);
  const memberships = rows.map(membershipOfRow);
  // A pending membership is still offered: joining again reaches its Direct Debit set-up (C's join).
  const held = new Set(memberships.filter((m) => m.status === 'active').map((m) => m.planId));
  const forPet = {
    name: pet.name,
    speciesId: pet.species_id,
    speciesName: pet.species_name,
    dateOfBirth: pet.date_of_birth,
    status: pet.status,
  };
  const choices = plans
    .filter((plan) => !held.has(plan.id))
    .map((plan) => ({ plan, refusal: planRefusal(plan, forPet, today)?.message ?? null }));
  return { memberships, choices };
}
