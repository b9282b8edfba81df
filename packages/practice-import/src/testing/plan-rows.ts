import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import type { Rows } from './export-directory.ts';
import type { testGroup } from './test-group.ts';

type Group = ReturnType<typeof testGroup>;

/**
 * A test group's health plans as four files (issue 65): a dog plan with three benefits (a vaccination
 * allowance of the group's first reason, health checks, a discount) and a cat plan; the first pet (a dog)
 * a member with one health check used.
 */
export function planRows(group: Group) {
  const { ref } = group;
  const today = practiceDate(new Date());
  const started = addDays(today, -60);
  const plan = (n: number, name: string, species: string, monthly: string) => ({
    plan_ref: ref('PLAN', n),
    practice_ref: ref('PRAC', 1),
    name: `${name} ${group.tag}`,
    species,
    monthly_price: monthly,
    yearly_price: '159.50',
    minimum_term_months: '12',
    cooling_off_days: '14',
    early_exit_fee: '25',
  });
  const plans: Rows = [
    plan(1, 'Healthy Pet Club – Dog', 'Dog', '14.50'),
    plan(2, 'Healthy Pet Club – Cat', 'cat', '12'),
  ];
  const benefits: Rows = [
    {
      plan_ref: ref('PLAN', 1),
      name: 'Vaccination',
      kind: 'allowance',
      reason_ref: ref('REASON', 1),
      vaccination: 'true',
      allowance_per_year: '1',
    },
    { plan_ref: ref('PLAN', 1), name: 'Health check', kind: 'allowance', allowance_per_year: '2' },
    { plan_ref: ref('PLAN', 1), name: '10% off other treatment', kind: 'discount', discount_percent: '10' },
    { plan_ref: ref('PLAN', 2), name: 'Health check', kind: 'allowance', allowance_per_year: '2' },
  ];
  const memberships: Rows = [
    {
      membership_ref: ref('MEM', 1),
      plan_ref: ref('PLAN', 1),
      pet_ref: ref('PET', 1),
      status: 'active',
      billing: 'monthly',
      price: '14.50',
      started_on: started,
      renews_on: addDays(started, 365),
      next_payment_on: addDays(today, 3),
    },
  ];
  const uses: Rows = [
    { membership_ref: ref('MEM', 1), benefit: 'Health check', used: '1' },
    { membership_ref: ref('MEM', 1), benefit: 'Vaccination', used: '0' },
  ];
  return {
    'health_plans.csv': plans,
    'health_plan_benefits.csv': benefits,
    'plan_memberships.csv': memberships,
    'plan_membership_uses.csv': uses,
  };
}
