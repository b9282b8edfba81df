import { membershipStatuses, planBillings } from '@vet/contracts/plan-rules';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';
import { planAmountCell } from './health-plans.ts';

export const membershipReasons = {
  endedOn: 'required when status is cancelled or ended, and empty otherwise',
  pending: 'pending is the portal’s own state while a Direct Debit is set up: send active',
} as const;

/** The states a practice system may send: pending is the portal's while the owner joins online. */
const importedStatuses = membershipStatuses.filter((status) => status !== 'pending');

/**
 * plan_memberships.csv (issue 65, decision 0161): a pet's membership of a plan. Its client and practice
 * are the pet's and the plan's (a pet of another practice's client is fine: a group's clients move
 * between its practices). Only the practice system's columns: the Direct Debit is the portal's.
 */
export const planMemberships: RecordKind = {
  file: 'plan_memberships.csv',
  columns: columnsOf({
    membership_ref: true,
    plan_ref: true,
    pet_ref: true,
    status: false,
    billing: false,
    price: true,
    started_on: true,
    renews_on: true,
    next_payment_on: false,
    payment_failed_on: false,
    ended_on: false,
  }),
  refColumn: 'membership_ref',
  references: [
    { column: 'plan_ref', file: 'health_plans.csv' },
    { column: 'pet_ref', file: 'pets.csv' },
  ],
  staged: {
    membership_ref: 'text',
    plan_ref: 'text',
    pet_ref: 'text',
    status: 'text',
    billing: 'text',
    price_pence: 'integer',
    started_on: 'date',
    renews_on: 'date',
    next_payment_on: 'date',
    payment_failed_on: 'date',
    ended_on: 'date',
  },
  parse(row, { today }) {
    const cells = new RowCells(row);
    const status =
      cells.cell('status')?.toLowerCase() === 'pending'
        ? cells.refuse('status', membershipReasons.pending)
        : (cells.oneOf('status', importedStatuses) ?? (cells.cell('status') === null ? 'active' : null));
    const startedOn = cells.date('started_on', required);
    const renewsOn = cells.date('renews_on', required);
    cells.ordered(['started_on', startedOn], ['renews_on', renewsOn], { strict: true });
    const endedOn = cells.notAfter(
      'ended_on',
      cells.date('ended_on'),
      today,
      'after today: a membership ends on a day that has come',
    );
    const ends = status === 'cancelled' || status === 'ended';
    if (status !== null && ends !== (cells.cell('ended_on') !== null))
      cells.refuse('ended_on', membershipReasons.endedOn);
    return cells.result({
      membership_ref: cells.text('membership_ref', required),
      plan_ref: cells.text('plan_ref', required),
      pet_ref: cells.text('pet_ref', required),
      status,
      billing: cells.oneOf('billing', planBillings) ?? 'monthly',
      price_pence: planAmountCell(cells, 'price', true),
      started_on: startedOn,
      renews_on: renewsOn,
      next_payment_on: cells.date('next_payment_on'),
      payment_failed_on: cells.date('payment_failed_on'),
      ended_on: endedOn,
    });
  },
};

/**
 * plan_membership_uses.csv: how many of each allowance a membership has used this plan year, as the
 * practice system counts them (its child rows, replaced whole with it). `benefit` is the benefit's name
 * in the plan (health_plan_benefits.csv); a benefit left out has none used.
 */
export const planMembershipUses: RecordKind = {
  file: 'plan_membership_uses.csv',
  columns: columnsOf({ membership_ref: true, benefit: true, used: true }),
  refColumn: null,
  references: [{ column: 'membership_ref', file: 'plan_memberships.csv', parent: true }],
  staged: { membership_ref: 'text', benefit: 'text', used: 'integer' },
  parse(row) {
    const cells = new RowCells(row);
    return cells.result({
      membership_ref: cells.text('membership_ref', required),
      benefit: cells.text('benefit', { required: true, maxLength: 120 }),
      used: cells.integer('used', { min: 0, max: 365 }, required),
    });
  },
};
