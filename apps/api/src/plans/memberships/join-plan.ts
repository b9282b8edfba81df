import { addMonths, planRefusal, type PlanBilling } from '@vet/contracts/plan-rules';
import type { JoinPlanRequest } from '@vet/contracts/plans';
import { practiceDate } from '@vet/contracts/practice-clock';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { conflict, notFound, serviceUnavailable, unprocessable } from '../../platform/index.ts';
import {
  DirectDebitRefusedError,
  DirectDebitUnavailableError,
  type DirectDebitProvider,
  type MandateSetupStarted,
} from '../direct-debit/index.ts';
import { activate, failedMandates } from './activate-membership.ts';
import { petOf, type PetRow } from './membership-repository.ts';
import { exitUrl, mandateKey, planMessages, returnUrl, type PlanWriteDeps } from './plan-deps.ts';

type PlanRow = {
  id: number;
  name: string;
  species_ids: number[];
  min_age_months: number;
  max_age_months: number | null;
  monthly_pence: number;
  yearly_pence: number | null;
  next_monthly_pence: number | null;
  next_yearly_pence: number | null;
  next_price_from: string | null;
};

/** The signed-in client's pet (another's answers as a missing one). */
async function petOfClient(db: Executor, clientId: number, petId: number): Promise<PetRow> {
  const pet = await petOf(db, clientId, petId);
  if (!pet) throw notFound(planMessages.petNotFound);
  return pet;
}

/** The plan, if the pet's practice offers it online (the client's home practice is the pet's). */
async function planOf(db: Executor, practiceId: number, planId: number): Promise<PlanRow> {
  const { rows } = await db.execute<PlanRow>(sql`
    select id, name, species_ids, min_age_months, max_age_months, monthly_pence, yearly_pence,
      next_monthly_pence, next_yearly_pence, next_price_from::text
    from health_plans where id = ${planId} and practice_id = ${practiceId} and offered_online`);
  if (!rows[0]) throw notFound(planMessages.planNotFound);
  return rows[0];
}

/** The price from the start day: a change waiting for its day applies once that day has come. */
function priceOf(plan: PlanRow, billing: PlanBilling, startedOn: string): number | null {
  const next = plan.next_price_from !== null && plan.next_price_from <= startedOn;
  if (billing === 'monthly')
    return next ? (plan.next_monthly_pence ?? plan.monthly_pence) : plan.monthly_pence;
  return next && plan.next_yearly_pence !== null ? plan.next_yearly_pence : plan.yearly_pence;
}

type LiveRow = {
  id: number;
  status: 'pending' | 'active';
  dd_billing_request_id: string | null;
};

/**
 * The pet's live membership of the plan, written pending if there is none. The partial unique index
 * (`plan_memberships_live_uq`) decides between two presses at once: the second finds the first's row.
 */
async function liveMembership(
  db: Executor,
  values: {
    clientId: number;
    pet: PetRow;
    plan: PlanRow;
    billing: PlanBilling;
    price: number;
    today: string;
  },
): Promise<LiveRow> {
  const { pet, plan } = values;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { rows: found } = await db.execute<LiveRow & { dd_mandate_status: string | null }>(sql`
      select id, status, dd_billing_request_id, dd_mandate_status from plan_memberships
      where pet_id = ${pet.id} and plan_id = ${plan.id} and status in ('pending', 'active')`);
    const live = found[0];
    if (live?.status === 'pending' && failedMandates.some((status) => status === live.dd_mandate_status)) {
      // A set-up whose mandate the bank refused never began: it goes, and this press starts afresh.
      await db.execute(sql`delete from plan_memberships where id = ${live.id} and status = 'pending'`);
      continue;
    }
    if (live) return live;
    const { rows: made } = await db.execute<LiveRow>(sql`
      insert into plan_memberships (practice_id, plan_id, client_id, pet_id, status, billing, price_pence,
        started_on, renews_on)
      values (${pet.practice_id}, ${plan.id}, ${values.clientId}, ${pet.id}, 'pending', ${values.billing},
        ${values.price}, ${values.today}, ${addMonths(values.today, 12)})
      on conflict (pet_id, plan_id) where status in ('pending', 'active') do nothing
      returning id, status, dd_billing_request_id`);
    if (made[0]) return made[0];
  }
  throw conflict(planMessages.unavailable);
}

async function startSetup(
  provider: DirectDebitProvider,
  request: Parameters<DirectDebitProvider['startMandateSetup']>[0],
) {
  try {
    return await provider.startMandateSetup(request);
  } catch (error) {
    if (error instanceof DirectDebitUnavailableError)
      throw serviceUnavailable(planMessages.unavailable, 'provider_unavailable');
    if (error instanceof DirectDebitRefusedError)
      throw serviceUnavailable(planMessages.refused, 'provider_refused');
    throw error;
  }
}

/**
 * POST /v2/plan-memberships (issue 65, decision 0162): the membership is written pending before the
 * provider is called, and its billing request is keyed from the row, so a retry, a reload or the back
 * button reaches the same request (a new hosted page of it) rather than a second mandate. A pending
 * membership of the same pet and plan is reused, with the billing the owner chose this time.
 */
export async function joinPlan(
  deps: PlanWriteDeps,
  clientId: number,
  request: JoinPlanRequest,
): Promise<{ membershipId: number; redirectUrl: string }> {
  const provider = deps.provider;
  if (!provider) throw conflict(planMessages.joiningOff, 'joining_off');
  const pet = await petOfClient(deps.db, clientId, request.petId);
  const plan = await planOf(deps.db, pet.practice_id, request.planId);
  const today = practiceDate(deps.now());
  const refusal = planRefusal(
    {
      name: plan.name,
      speciesIds: plan.species_ids,
      minAgeMonths: plan.min_age_months,
      maxAgeMonths: plan.max_age_months,
    },
    {
      name: pet.name,
      speciesId: pet.species_id,
      speciesName: pet.species_name,
      dateOfBirth: pet.date_of_birth,
      status: pet.status,
    },
    today,
  );
  if (refusal) throw unprocessable(refusal.message, undefined, refusal.reason);
  const price = priceOf(plan, request.billing, today);
  if (price === null) throw unprocessable(planMessages.yearlyNotOffered, undefined, 'billing_not_offered');

  const live = await liveMembership(deps.db, { clientId, pet, plan, billing: request.billing, price, today });
  if (live.status === 'active') throw conflict(`${pet.name} is already on ${plan.name}.`, 'already_member');
  // Nothing is set up yet: the owner's choice this time stands (monthly or yearly, at today's price).
  await deps.db.execute(sql`
    update plan_memberships set billing = ${request.billing}, price_pence = ${price}, updated_at = now()
    where id = ${live.id} and status = 'pending'
      and (billing <> ${request.billing} or price_pence <> ${price})`);
  const started: MandateSetupStarted = await startSetup(provider, {
    membershipId: live.id,
    idempotencyKey: mandateKey(live.id),
    description: `${plan.name} for ${pet.name}`,
    redirectUrl: returnUrl(deps.portalUrl, live.id),
    exitUrl: exitUrl(deps.portalUrl, pet.id, plan.id),
  });
  await deps.db.execute(sql`
    update plan_memberships set dd_billing_request_id = ${started.billingRequestId}, updated_at = now()
    where id = ${live.id} and dd_billing_request_id is null`);
  if (started.authorisationUrl) return { membershipId: live.id, redirectUrl: started.authorisationUrl };
  if (started.status === 'fulfilled') {
    // Set up already (the owner came back through the browser's history): activate, and show the return page.
    await activate(deps, live.id).catch(() => undefined);
    return { membershipId: live.id, redirectUrl: returnUrl(deps.portalUrl, live.id) };
  }
  // The request was cancelled at the provider: this membership can never be set up. It never began (no
  // event was sent, nothing collected), so it goes, and the next press starts afresh (a new row, a new key).
  await deps.db.execute(sql`delete from plan_memberships where id = ${live.id} and status = 'pending'`);
  throw conflict(
    'That Direct Debit set-up was cancelled. Please press Join again to start afresh.',
    'setup_cancelled',
  );
}
