import { z } from 'zod';
import { membershipEndReasons, membershipStatuses, planBenefitKinds, planBillings } from './plan-rules.ts';
import { serialId, serialIdParam } from './ids.ts';

/**
 * Health plans in the portal (issue 65, decision 0160). A practice's plans are public, beside its prices
 * (GET /practices/{practiceId}/plans); a client's memberships are theirs only (/v2/plan-memberships,
 * /v2/pets/{petId}/plans), and another client's answers 404 like a missing one. Money is whole pence,
 * VAT included.
 */

export const planBenefitSchema = z.object({
  name: z.string(),
  kind: z.enum(planBenefitKinds),
  /** An allowance a plan year; null: as many as needed (or a discount). */
  allowancePerYear: z.number().int().nullable(),
  /** A discount's percentage off; null for an allowance. */
  discountPercent: z.number().int().nullable(),
  /** The appointment reason it covers, to book it; null: none. */
  reasonId: z.number().int().nullable(),
  vaccination: z.boolean(),
});
export type PlanBenefit = z.infer<typeof planBenefitSchema>;

/** A plan as the practice offers it: what it costs, for which pets, its terms and its benefits. */
export const healthPlanSchema = z.object({
  id: z.number().int(),
  practiceId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The species' names; empty: every species. */
  species: z.array(z.string()),
  speciesIds: z.array(z.number().int()),
  minAgeMonths: z.number().int(),
  maxAgeMonths: z.number().int().nullable(),
  monthlyPence: z.number().int(),
  yearlyPence: z.number().int().nullable(),
  /** A price change waiting for its day: null when none. */
  nextPrice: z
    .object({ monthlyPence: z.number().int(), yearlyPence: z.number().int().nullable(), from: z.string() })
    .nullable(),
  minimumTermMonths: z.number().int(),
  coolingOffDays: z.number().int(),
  earlyExitFeePence: z.number().int(),
  exitTerms: z.string().nullable(),
  renewalTerms: z.string().nullable(),
  benefits: z.array(planBenefitSchema),
});
export type HealthPlan = z.infer<typeof healthPlanSchema>;

/** GET /practices/{practiceId}/plans: the plans a practice offers online, by name. */
export const practicePlansSchema = z.object({
  practiceName: z.string(),
  plans: z.array(healthPlanSchema),
});
export type PracticePlans = z.infer<typeof practicePlansSchema>;

/** One benefit of a membership this plan year: what it gives, used and left. */
export const membershipBenefitSchema = planBenefitSchema.extend({
  used: z.number().int(),
  /** null: no limit (or a discount). */
  left: z.number().int().nullable(),
});
export type MembershipBenefit = z.infer<typeof membershipBenefitSchema>;

/** A pet's membership as its owner sees it. */
export const planMembershipSchema = z.object({
  id: z.number().int(),
  petId: z.number().int(),
  petName: z.string(),
  planId: z.number().int(),
  planName: z.string(),
  practiceId: z.number().int(),
  practiceName: z.string(),
  status: z.enum(membershipStatuses),
  billing: z.enum(planBillings),
  pricePence: z.number().int(),
  /** YYYY-MM-DD */
  startedOn: z.string(),
  renewsOn: z.string(),
  nextPaymentOn: z.string().nullable(),
  /** The day the last collection failed, while it stands. */
  paymentFailedOn: z.string().nullable(),
  /** The Direct Debit failed or was cancelled at the bank: the owner is asked to set it up again. */
  mandateProblem: z.boolean(),
  endedOn: z.string().nullable(),
  endReason: z.enum(membershipEndReasons).nullable(),
  exitFeePence: z.number().int().nullable(),
  benefits: z.array(membershipBenefitSchema),
  /** The pet's next vaccination due and whether the plan covers it; null: none recorded. */
  nextVaccination: z
    .object({
      vaccine: z.string(),
      dueOn: z.string(),
      covered: z.boolean(),
      reasonId: z.number().int().nullable(),
    })
    .nullable(),
  /** The reasons this plan covers with some left: booking one shows "covered by your plan". */
  coveredReasonIds: z.array(z.number().int()),
});
export type PlanMembership = z.infer<typeof planMembershipSchema>;

/** GET /v2/plan-memberships: the client's memberships, live first. */
export const planMembershipsSchema = z.object({ memberships: z.array(planMembershipSchema) });

/** A plan a pet could join, or why not (the reason in the owner's words). */
export const planChoiceSchema = z.object({
  plan: healthPlanSchema,
  refusal: z.string().nullable(),
});

/** GET /v2/pets/{petId}/plans: the pet's memberships, and the plans of its practice it could join. */
export const petPlansSchema = z.object({
  memberships: z.array(planMembershipSchema),
  choices: z.array(planChoiceSchema),
});
export type PetPlans = z.infer<typeof petPlansSchema>;

/** POST /v2/plan-memberships: join a plan for a pet; the answer sends the owner to the provider's page. */
export const joinPlanRequestSchema = z.object({
  petId: serialId,
  planId: serialId,
  billing: z.enum(planBillings),
  /** The owner ticked that they read the pre-contract information. */
  termsAccepted: z.literal(true, { error: 'Confirm you have read the plan’s terms.' }),
});
export type JoinPlanRequest = z.infer<typeof joinPlanRequestSchema>;

export const joinPlanResponseSchema = z.object({
  membershipId: z.number().int(),
  /** The provider's hosted Direct Debit page. */
  redirectUrl: z.string().url(),
});

/** GET /v2/plan-memberships/{id}/cancellation: what leaving costs today, and in words. */
export const cancellationQuoteSchema = z.object({
  membershipId: z.number().int(),
  petName: z.string(),
  planName: z.string(),
  feePence: z.number().int(),
  why: z.enum(['cooling_off', 'pet_gone', 'term_complete', 'early_exit']),
  /** What applies, as the owner reads it before the last press. */
  text: z.string(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/** POST /v2/plan-memberships/{id}/cancellation: the fee the owner was shown (a changed one is refused). */
export const cancelPlanRequestSchema = z.object({ feePence: z.number().int().min(0) });

export const membershipIdParamsSchema = z.object({ membershipId: serialIdParam });

/**
 * POST /v2/plan-memberships/{id}/confirm: where the membership stands once the owner is back from the
 * provider's page (`active` once the Direct Debit is set up; `pending` while the provider has not said).
 */
export const joinConfirmationSchema = z.object({
  membershipId: z.number().int(),
  status: z.enum(membershipStatuses),
  petId: z.number().int(),
  petName: z.string(),
  planName: z.string(),
  /** The first collection's day, once active. */
  nextPaymentOn: z.string().nullable(),
});
export type JoinConfirmation = z.infer<typeof joinConfirmationSchema>;

/** POST /v2/plan-memberships/{id}/cancellation's answer: the membership has ended. */
export const planCancellationSchema = z.object({
  membershipId: z.number().int(),
  status: z.literal('cancelled'),
  /** YYYY-MM-DD */
  endedOn: z.string(),
  endReason: z.enum(membershipEndReasons),
  exitFeePence: z.number().int(),
});
export type PlanCancellation = z.infer<typeof planCancellationSchema>;

/** 409 `fee_changed`: what applies is no longer the fee the owner was shown; `quote` is what applies now. */
export const feeChangedSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  code: z.literal('fee_changed'),
  quote: cancellationQuoteSchema,
});
