import type { PracticeEventEnvelope, PracticeEventType } from './practice-events.ts';

type PlanEventType = Extract<PracticeEventType, `plan.${string}`>;

/** The practice, owner, pet and plan of every example: the client of the other examples. */
const membership = {
  membership_id: 412,
  membership_ref: null,
  plan_id: 21,
  plan_ref: 'HP-DOG-ADULT',
  pet_id: 7731,
  pet_ref: 'P-2210',
  client_id: 5013,
  client_ref: 'C-877',
  practice_id: 3,
  practice_ref: 'PR-KENT-01',
};
const acknowledged = { ...membership, membership_ref: 'PM-90412' };

/**
 * One event of each plan type (issue 65, decision 0162), part of practiceEventExamples. The provider's
 * ids look like GoCardless's (https://developer.gocardless.com/api-reference: mandate `MD…`, subscription
 * `SB…`, payment `PM…`; causes as its events name them). One membership's story: joined (412) on
 * 1 December, a collection failed in January, the mandate cancelled at the bank, then ended by the owner.
 */
export const planEventExamples: { [T in PlanEventType]: PracticeEventEnvelope<T> } = {
  'plan.joined': {
    id: 'evt_170',
    type: 'plan.joined',
    timestamp: '2026-12-01T10:12:44.019Z',
    data: {
      ...membership,
      billing: 'monthly',
      price_pence: 1650,
      started_on: '2026-12-01',
      renews_on: '2027-12-01',
      next_payment_on: '2026-12-07',
      provider: 'gocardless',
      provider_mandate_id: 'MD000AB12CD34E',
      provider_subscription_id: 'SB000FG56HJ78K',
      joined_at: '2026-12-01T10:12:43.990Z',
    },
  },
  'plan.payment_failed': {
    id: 'evt_181',
    type: 'plan.payment_failed',
    timestamp: '2027-01-05T16:40:02.311Z',
    data: {
      ...acknowledged,
      provider: 'gocardless',
      provider_payment_id: 'PM000LM90NP12Q',
      amount_pence: 1650,
      failed_on: '2027-01-05',
      cause: 'insufficient_funds',
    },
  },
  'plan.direct_debit_failed': {
    id: 'evt_183',
    type: 'plan.direct_debit_failed',
    timestamp: '2027-01-12T09:03:27.450Z',
    data: {
      ...acknowledged,
      provider: 'gocardless',
      provider_mandate_id: 'MD000AB12CD34E',
      status: 'cancelled',
      cause: 'bank_account_closed',
      failed_at: '2027-01-12T09:03:27.431Z',
    },
  },
  'plan.cancelled': {
    id: 'evt_190',
    type: 'plan.cancelled',
    timestamp: '2027-01-14T19:25:10.778Z',
    data: {
      ...acknowledged,
      ended_by: 'client',
      end_reason: 'owner',
      exit_fee_pence: 2500,
      ended_on: '2027-01-14',
      cancelled_at: '2027-01-14T19:25:10.750Z',
    },
  },
};
