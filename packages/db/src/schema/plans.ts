import {
  maxPlanAgeMonths,
  maxPlanPence,
  membershipCancellers,
  membershipEndReasons,
  membershipStatuses,
  planBenefitKinds,
  planBillings,
} from '@vet/contracts/plan-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients, pets } from './clients.ts';
import { requiredRef } from './columns.ts';
import { appointmentReasons } from './lookups.ts';
import { importFingerprint, practiceRecordColumns } from './pms-ref.ts';
import { practices } from './practices.ts';

export const planBenefitKind = pgEnum('plan_benefit_kind', planBenefitKinds);
export const membershipStatus = pgEnum('plan_membership_status', membershipStatuses);
export const planBilling = pgEnum('plan_billing', planBillings);
export const membershipCanceller = pgEnum('plan_membership_canceller', membershipCancellers);
export const membershipEndReason = pgEnum('plan_membership_end_reason', membershipEndReasons);

const maxPence = sql.raw(String(maxPlanPence));
const maxAge = sql.raw(String(maxPlanAgeMonths));

/**
 * A practice's health plan (issue 65, decision 0160), as its system sends it: for which animals, what it
 * costs a month or a year (VAT included, whole pence), its terms, and its benefits (child rows). A price
 * change waits for its day (`next_*`): the renewal notice shows it. `offered_online` false keeps a closed
 * plan's members on it while no one new joins in the portal.
 */
export const healthPlans = pgTable(
  'health_plans',
  {
    ...practiceRecordColumns(),
    importFingerprint: importFingerprint(),
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** The species it is for (the portal's ids); empty: every species. */
    speciesIds: integer('species_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    minAgeMonths: smallint('min_age_months').notNull().default(0),
    maxAgeMonths: smallint('max_age_months'),
    monthlyPence: integer('monthly_pence').notNull(),
    /** Paying for the year at once, where the practice offers it. */
    yearlyPence: integer('yearly_pence'),
    /** The prices from `next_price_from` on (a renewal on or after it pays them). */
    nextMonthlyPence: integer('next_monthly_pence'),
    nextYearlyPence: integer('next_yearly_pence'),
    nextPriceFrom: date('next_price_from'),
    minimumTermMonths: smallint('minimum_term_months').notNull().default(12),
    coolingOffDays: smallint('cooling_off_days').notNull().default(14),
    /** What leaving within the minimum term costs, after the cooling-off period; 0: nothing. */
    earlyExitFeePence: integer('early_exit_fee_pence').notNull().default(0),
    /** The practice's own words on leaving early and on renewal, shown before joining. */
    exitTerms: text('exit_terms'),
    renewalTerms: text('renewal_terms'),
    offeredOnline: boolean('offered_online').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('health_plans_practice_idx').on(t.practiceId),
    check(
      'health_plans_prices_ck',
      sql`${t.monthlyPence} between 0 and ${maxPence}
          and (${t.yearlyPence} is null or ${t.yearlyPence} between 0 and ${maxPence})
          and (${t.nextMonthlyPence} is null or ${t.nextMonthlyPence} between 0 and ${maxPence})
          and (${t.nextYearlyPence} is null or ${t.nextYearlyPence} between 0 and ${maxPence})
          and ((${t.nextMonthlyPence} is null) = (${t.nextPriceFrom} is null))`,
    ),
    check(
      'health_plans_ages_ck',
      sql`${t.minAgeMonths} between 0 and ${maxAge}
          and (${t.maxAgeMonths} is null or ${t.maxAgeMonths} between ${t.minAgeMonths} + 1 and ${maxAge})`,
    ),
    check(
      'health_plans_terms_ck',
      sql`${t.minimumTermMonths} between 0 and 60 and ${t.coolingOffDays} between 14 and 365
          and ${t.earlyExitFeePence} between 0 and ${maxPence}`,
    ),
  ],
);

/**
 * What a plan gives (its child rows, replaced whole with it): an allowance of a service a plan year
 * (`allowance_per_year` null: as many as needed), or a percentage off a kind of thing. `reason_id` names
 * the appointment reason it covers, so booking it shows "covered by your plan"; `vaccination` marks the
 * benefit the pet's next vaccination falls under.
 */
export const healthPlanBenefits = pgTable(
  'health_plan_benefits',
  {
    id: serial('id').primaryKey(),
    planId: requiredRef('plan_id', () => healthPlans.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    kind: planBenefitKind('kind').notNull(),
    reasonId: integer('reason_id').references(() => appointmentReasons.id, { onDelete: 'set null' }),
    vaccination: boolean('vaccination').notNull().default(false),
    allowancePerYear: smallint('allowance_per_year'),
    discountPercent: smallint('discount_percent'),
  },
  (t) => [
    unique('health_plan_benefits_name_uq').on(t.planId, t.name),
    index('health_plan_benefits_reason_idx').on(t.reasonId),
    check(
      'health_plan_benefits_kind_ck',
      sql`case ${t.kind}
            when 'allowance' then ${t.discountPercent} is null
              and (${t.allowancePerYear} is null or ${t.allowancePerYear} between 1 and 365)
            else ${t.allowancePerYear} is null and ${t.reasonId} is null and not ${t.vaccination}
              and ${t.discountPercent} between 1 and 100 end`,
    ),
  ],
);

/**
 * A pet's membership of a plan: from the practice system, or joined in the portal (no pms_ref until the
 * practice system acknowledges it). Its Direct Debit lives at the provider (decision 0159); the provider's
 * ids are kept to find it from a webhook and to end it. `price_pence` is what the member pays each
 * period now. One live (pending or active) membership per pet and plan.
 */
export const planMemberships = pgTable(
  'plan_memberships',
  {
    ...practiceRecordColumns(),
    importFingerprint: importFingerprint(),
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    planId: requiredRef('plan_id', () => healthPlans.id, { onDelete: 'cascade' }),
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    petId: requiredRef('pet_id', () => pets.id, { onDelete: 'cascade' }),
    status: membershipStatus('status').notNull(),
    billing: planBilling('billing').notNull().default('monthly'),
    pricePence: integer('price_pence').notNull(),
    startedOn: date('started_on').notNull(),
    renewsOn: date('renews_on').notNull(),
    nextPaymentOn: date('next_payment_on'),
    /** The day the last collection failed; cleared by the next one that succeeds. */
    paymentFailedOn: date('payment_failed_on'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: membershipCanceller('ended_by'),
    endReason: membershipEndReason('end_reason'),
    /** What the owner was shown and agreed to pay to leave (0: nothing). */
    exitFeePence: integer('exit_fee_pence'),
    /** The provider's billing request, mandate and subscription (GoCardless: BRQ…, MD…, SB…). */
    ddBillingRequestId: text('dd_billing_request_id'),
    ddMandateId: text('dd_mandate_id'),
    ddSubscriptionId: text('dd_subscription_id'),
    /** The mandate's state at the provider, as its last event said (`active`, `failed`, `cancelled`…). */
    ddMandateStatus: text('dd_mandate_status'),
    /** The renewal date the 30-day notice went out for: one notice per renewal. */
    renewalNoticeFor: date('renewal_notice_for'),
    /** The failed collection day the owner was e-mailed about. */
    paymentFailureNoticeFor: date('payment_failure_notice_for'),
    /** When the owner was offered to end it because the pet died or was rehomed. */
    petGoneOfferedAt: timestamp('pet_gone_offered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plan_memberships_pet_idx').on(t.petId),
    index('plan_memberships_client_idx').on(t.clientId),
    index('plan_memberships_plan_idx').on(t.planId),
    // The renewal notices' daily scan: the active memberships renewing on a day.
    index('plan_memberships_renews_idx')
      .on(t.renewsOn)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('plan_memberships_live_uq')
      .on(t.petId, t.planId)
      .where(sql`${t.status} in ('pending', 'active')`),
    uniqueIndex('plan_memberships_dd_request_uq').on(t.ddBillingRequestId),
    index('plan_memberships_dd_mandate_idx').on(t.ddMandateId),
    uniqueIndex('plan_memberships_dd_subscription_uq').on(t.ddSubscriptionId),
    check(
      'plan_memberships_dates_ck',
      sql`${t.renewsOn} > ${t.startedOn} and ${t.pricePence} between 0 and ${maxPence}`,
    ),
    check(
      'plan_memberships_ended_ck',
      sql`(${t.status} in ('cancelled', 'ended')) = (${t.endedAt} is not null)
          and (${t.status} <> 'cancelled' or (${t.endedBy} is not null and ${t.endReason} is not null))`,
    ),
  ],
);

/**
 * How much of each allowance a membership has used this plan year, as the practice system counts it
 * (its child rows, replaced whole with it). No row: none used.
 */
export const planMembershipUses = pgTable(
  'plan_membership_uses',
  {
    membershipId: requiredRef('membership_id', () => planMemberships.id, { onDelete: 'cascade' }),
    benefitId: requiredRef('benefit_id', () => healthPlanBenefits.id, { onDelete: 'cascade' }),
    used: smallint('used').notNull(),
  },
  (t) => [
    unique('plan_membership_uses_uq').on(t.membershipId, t.benefitId),
    index('plan_membership_uses_benefit_idx').on(t.benefitId),
    check('plan_membership_uses_used_ck', sql`${t.used} between 0 and 365`),
  ],
);

/**
 * The Direct Debit provider's webhook events already applied, by its event id (EV…): a second delivery
 * finds its id here and changes nothing.
 */
export const directDebitEvents = pgTable(
  'direct_debit_events',
  {
    eventId: text('event_id').primaryKey(),
    resourceType: text('resource_type').notNull(),
    action: text('action').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('direct_debit_events_received_idx').on(t.receivedAt)],
);
