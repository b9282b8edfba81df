import { z } from 'zod';
import { membershipCancellers, membershipEndReasons, planBillings } from './plan-rules.ts';

const id = z.number().int().positive();
const ref = z.string().nullable();
const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();

/**
 * What every plan event names (issue 65): the membership and, beside each portal id, the practice
 * system's reference (null until it has one: a membership joined online has none until acknowledged).
 */
const membershipFacts = {
  membership_id: id,
  membership_ref: ref,
  plan_id: id,
  plan_ref: ref,
  pet_id: id,
  pet_ref: ref,
  client_id: id,
  client_ref: ref,
  practice_id: id,
  practice_ref: ref,
};

/** The provider's ids, as its dashboard shows them (GoCardless: mandate `MD…`, subscription `SB…`). */
const provider = z.literal('gocardless');

/**
 * A plan joined online is active (issue 65, decision 0162): the owner set up the Direct Debit on the
 * provider's hosted page and the portal made the subscription that collects `price_pence` each month (or
 * once a year). The practice creates the membership and acknowledges it with its own reference.
 */
export const planJoinedSchema = z.object({
  ...membershipFacts,
  billing: z.enum(planBillings),
  price_pence: z.number().int().min(0),
  started_on: day,
  renews_on: day,
  /** The first collection's day, as the provider planned it; null when it has not said. */
  next_payment_on: day.nullable(),
  provider,
  provider_mandate_id: z.string(),
  provider_subscription_id: z.string(),
  joined_at: instant,
});

/**
 * A membership ended in the portal by the owner, or at the bank (decision 0162): who, why, the exit fee
 * the owner was shown and agreed (pence; 0: nothing to pay) and the last day. The Direct Debit's
 * subscription is cancelled at the provider: nothing more is collected.
 */
export const planCancelledSchema = z.object({
  ...membershipFacts,
  ended_by: z.enum(membershipCancellers),
  end_reason: z.enum(membershipEndReasons),
  exit_fee_pence: z.number().int().min(0),
  ended_on: day,
  cancelled_at: instant,
});

/**
 * The Direct Debit failed or was cancelled at the bank (the mandate `failed`, `cancelled`, `expired`…), or
 * its subscription was cancelled at the provider by someone other than the owner (decision 0162). The
 * membership stays as it is until the practice acts; the owner is shown the problem.
 */
export const planDirectDebitFailedSchema = z.object({
  ...membershipFacts,
  provider,
  provider_mandate_id: z.string().nullable(),
  /** The mandate's status now (`failed`, `cancelled`, `expired`…), or `subscription_cancelled`. */
  status: z.string(),
  /** The provider's stable reason, e.g. `bank_account_closed`, `invalid_bank_details`; null when none. */
  cause: z.string().nullable(),
  failed_at: instant,
});

/** A collection failed (decision 0162): its day and amount; the owner is e-mailed what happens next. */
export const planPaymentFailedSchema = z.object({
  ...membershipFacts,
  provider,
  provider_payment_id: z.string(),
  amount_pence: z.number().int().min(0),
  failed_on: day,
  cause: z.string().nullable(),
});
