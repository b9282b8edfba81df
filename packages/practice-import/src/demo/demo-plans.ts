import { addDays, addMonths } from '@vet/contracts/plan-rules';
import { DEMO_CLIENTS } from '@vet/db/seed/data/demo-clients';
import { petRefOf, type NumberedPet } from './demo-client-tables.ts';
import { refOf, type PracticeRefs } from './demo-practice-tables.ts';
import { reasonRef } from './demo-references.ts';
import type { ExportRow } from './export-files.ts';

/**
 * Issue 65 (decision 0161): the first demo client's practice offers a dog and a cat health plan; the
 * account's first pet (a dog) is a member since before the cooling-off period ended (leaving costs the
 * early-exit fee), with one health check used; its second pet (a cat) is not, so a journey can join it.
 * Prices in pounds with VAT, as the practice system writes them.
 */
interface DemoPlan {
  ref: string;
  name: string;
  species: string;
  monthly: string;
  yearly: string;
}

const DEMO_PLANS: readonly DemoPlan[] = [
  { ref: 'PLAN-0001', name: 'Healthy Pet Club – Dog', species: 'Dog', monthly: '14.50', yearly: '159.50' },
  { ref: 'PLAN-0002', name: 'Healthy Pet Club – Cat', species: 'Cat', monthly: '12.00', yearly: '132.00' },
];

/** Each plan's benefits, in the order the portal lists them. */
const BENEFITS = [
  { name: 'Annual vaccination', kind: 'allowance', reason: 'Vaccination', vaccination: true, perYear: '1' },
  { name: 'Health check', kind: 'allowance', reason: null, vaccination: false, perYear: '2' },
  { name: 'Flea and worm treatment', kind: 'allowance', reason: null, vaccination: false, perYear: '12' },
  { name: '10% off other treatment', kind: 'discount', reason: null, vaccination: false, perYear: '' },
] as const;

/** The member joined this many days before the anchor Monday: past the 14 days' cooling-off. */
const JOINED_DAYS_AGO = 120;

export function planTables(refs: PracticeRefs, pets: readonly NumberedPet[], today: string) {
  const owner = DEMO_CLIENTS[0]!;
  const practiceRef = refOf(refs.practices, owner.practice);
  const plans: ExportRow<'health_plans.csv'>[] = DEMO_PLANS.map((plan) => ({
    plan_ref: plan.ref,
    practice_ref: practiceRef,
    name: plan.name,
    description: `Your ${plan.species.toLowerCase()}'s vaccination, health checks and flea and worm treatment for one monthly payment, with 10% off other treatment.`,
    species: plan.species,
    min_age_months: '2',
    max_age_months: '',
    monthly_price: plan.monthly,
    yearly_price: plan.yearly,
    next_monthly_price: '',
    next_yearly_price: '',
    next_price_from: '',
    minimum_term_months: '12',
    cooling_off_days: '14',
    early_exit_fee: '25.00',
    exit_terms:
      'You can cancel at any time. Within 14 days of joining it costs nothing; after that, leaving within the first 12 months costs £25.',
    renewal_terms:
      'Your plan renews every 12 months. We write to you 30 days before with the price for the next year and how to leave.',
    offered_online: 'true',
  }));
  const benefits: ExportRow<'health_plan_benefits.csv'>[] = DEMO_PLANS.flatMap((plan) =>
    BENEFITS.map((b) => ({
      plan_ref: plan.ref,
      name: b.name,
      kind: b.kind,
      reason_ref: b.reason === null ? '' : reasonRef(b.reason),
      vaccination: b.vaccination ? 'true' : 'false',
      allowance_per_year: b.perYear,
      discount_percent: b.kind === 'discount' ? '10' : '',
    })),
  );
  const member = owner.pets[0]!;
  const startedOn = addDays(today, -JOINED_DAYS_AGO);
  // The next collection: a monthly anniversary of the start after the anchor week (the export is
  // rebased by whole weeks, so it stays ahead of any day of the current one).
  let nextPayment = startedOn;
  while (nextPayment <= addDays(today, 7)) nextPayment = addMonths(nextPayment, 1);
  const memberships: ExportRow<'plan_memberships.csv'>[] = [
    {
      membership_ref: 'HPM-000001',
      plan_ref: DEMO_PLANS[0]!.ref,
      pet_ref: petRefOf(pets, 0, member.name),
      status: 'active',
      billing: 'monthly',
      price: DEMO_PLANS[0]!.monthly,
      started_on: startedOn,
      renews_on: addMonths(startedOn, 12),
      next_payment_on: nextPayment,
      payment_failed_on: '',
      ended_on: '',
    },
  ];
  const uses: ExportRow<'plan_membership_uses.csv'>[] = [
    { membership_ref: 'HPM-000001', benefit: 'Health check', used: '1' },
    { membership_ref: 'HPM-000001', benefit: 'Annual vaccination', used: '0' },
    { membership_ref: 'HPM-000001', benefit: 'Flea and worm treatment', used: '4' },
  ];
  return {
    'health_plans.csv': plans,
    'health_plan_benefits.csv': benefits,
    'plan_memberships.csv': memberships,
    'plan_membership_uses.csv': uses,
  };
}
