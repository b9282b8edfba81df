import {
  maxPlanAgeMonths,
  maxPlanPence,
  minCoolingOffDays,
  planBenefitKinds,
} from '@vet/contracts/plan-rules';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';
import { listValuesCell, lookupReasons } from './lookup-cells.ts';
import { amountInPence, priceReasons } from './prices.ts';

/** The longest a plan's own words may be (its description, its exit and renewal terms). */
export const planTextMaxLength = 4000;

export const planReasons = {
  amount: `not an amount in pounds and pence (e.g. 14.50), up to ${maxPlanPence / 100}`,
  nextPrice: 'give next_monthly_price and next_price_from together (the new price and the day it starts)',
  nextYearly: 'next_yearly_price needs next_price_from and next_monthly_price',
  coolingOff: `not a whole number of days from ${minCoolingOffDays} to 365: the law gives at least ${minCoolingOffDays} days to cancel`,
  discount: 'a discount gives discount_percent, and no allowance_per_year, reason_ref or vaccination',
  allowance: 'an allowance gives no discount_percent',
} as const;

/** Pounds and pence in a cell (prices.csv's format) to whole pence, up to the most a plan may cost. */
export function planAmountCell(cells: RowCells, column: string, isRequired = false): number | null {
  const text = cells.text(column, { required: isRequired });
  if (text === null) return null;
  const pence = amountInPence(text);
  if (pence === 'negative') return cells.refuse(column, priceReasons.negative);
  if (pence === 'invalid' || pence > maxPlanPence) return cells.refuse(column, planReasons.amount);
  return pence;
}

/**
 * health_plans.csv (issue 65, decision 0161): a practice's plan, its bands, prices (VAT included, pounds
 * in the file, pence stored), terms and the price that applies from a later day; its benefits in
 * health_plan_benefits.csv. Species are the portal's (`;`, none: every species); one the list lacks is
 * refused, not kept as written: who may join online follows from it.
 */
export const healthPlans: RecordKind = {
  file: 'health_plans.csv',
  columns: columnsOf({
    plan_ref: true,
    practice_ref: true,
    name: true,
    description: false,
    species: false,
    min_age_months: false,
    max_age_months: false,
    monthly_price: true,
    yearly_price: false,
    next_monthly_price: false,
    next_yearly_price: false,
    next_price_from: false,
    minimum_term_months: false,
    cooling_off_days: false,
    early_exit_fee: false,
    exit_terms: false,
    renewal_terms: false,
    offered_online: false,
  }),
  refColumn: 'plan_ref',
  references: [{ column: 'practice_ref', file: 'practices.csv' }],
  staged: {
    plan_ref: 'text',
    practice_ref: 'text',
    name: 'text',
    description: 'text',
    species_ids: 'integer[]',
    min_age_months: 'integer',
    max_age_months: 'integer',
    monthly_pence: 'integer',
    yearly_pence: 'integer',
    next_monthly_pence: 'integer',
    next_yearly_pence: 'integer',
    next_price_from: 'date',
    minimum_term_months: 'integer',
    cooling_off_days: 'integer',
    early_exit_fee_pence: 'integer',
    exit_terms: 'text',
    renewal_terms: 'text',
    offered_online: 'boolean',
  },
  parse(row, { lookups }) {
    const cells = new RowCells(row);
    const species = listValuesCell(cells, 'species', lookups.species);
    if (species.texts.length > 0)
      cells.refuse('species', lookupReasons.unknown('species', lookups.species.nearest(species.texts[0]!)));
    const ages = { min: 0, max: maxPlanAgeMonths };
    const minAge = cells.integer('min_age_months', ages) ?? 0;
    const maxAge = cells.integer('max_age_months', { min: 1, max: maxPlanAgeMonths });
    if (maxAge !== null && maxAge <= minAge) cells.refuse(null, 'max_age_months is not above min_age_months');
    const next = {
      next_monthly_pence: planAmountCell(cells, 'next_monthly_price'),
      next_yearly_pence: planAmountCell(cells, 'next_yearly_price'),
      next_price_from: cells.date('next_price_from'),
    };
    if ((cells.cell('next_monthly_price') === null) !== (cells.cell('next_price_from') === null))
      cells.refuse(null, planReasons.nextPrice);
    else if (cells.cell('next_yearly_price') !== null && cells.cell('next_price_from') === null)
      cells.refuse('next_yearly_price', planReasons.nextYearly);
    const coolingOff = cells.cell('cooling_off_days');
    const coolingOffDays = /^\d{1,3}$/.test(coolingOff ?? '') ? Number(coolingOff) : null;
    if (
      coolingOff !== null &&
      (coolingOffDays === null || coolingOffDays < minCoolingOffDays || coolingOffDays > 365)
    )
      cells.refuse('cooling_off_days', planReasons.coolingOff);
    return cells.result({
      plan_ref: cells.text('plan_ref', required),
      practice_ref: cells.text('practice_ref', required),
      name: cells.text('name', { required: true, maxLength: 120 }),
      description: cells.text('description', { maxLength: planTextMaxLength }),
      species_ids: species.ids,
      min_age_months: minAge,
      max_age_months: maxAge,
      monthly_pence: planAmountCell(cells, 'monthly_price', true),
      yearly_pence: planAmountCell(cells, 'yearly_price'),
      ...next,
      minimum_term_months: cells.integer('minimum_term_months', { min: 0, max: 60 }) ?? 12,
      cooling_off_days: coolingOffDays ?? minCoolingOffDays,
      early_exit_fee_pence: planAmountCell(cells, 'early_exit_fee') ?? 0,
      exit_terms: cells.text('exit_terms', { maxLength: planTextMaxLength }),
      renewal_terms: cells.text('renewal_terms', { maxLength: planTextMaxLength }),
      offered_online: cells.boolean('offered_online', true),
    });
  },
};

/**
 * health_plan_benefits.csv: a plan's benefits, replaced whole with it (its child rows), in the file's
 * order. An allowance is so many a plan year (empty: as many as needed), of an appointment reason when
 * reason_ref names one ("covered by your plan" when booking it); a discount is a percentage off.
 */
export const healthPlanBenefits: RecordKind = {
  file: 'health_plan_benefits.csv',
  columns: columnsOf({
    plan_ref: true,
    name: true,
    kind: true,
    reason_ref: false,
    vaccination: false,
    allowance_per_year: false,
    discount_percent: false,
  }),
  refColumn: null,
  references: [
    { column: 'plan_ref', file: 'health_plans.csv', parent: true },
    { column: 'reason_ref', file: 'appointment_reasons.csv', optional: true },
  ],
  staged: {
    plan_ref: 'text',
    name: 'text',
    kind: 'text',
    reason_ref: 'text',
    vaccination: 'boolean',
    allowance_per_year: 'integer',
    discount_percent: 'integer',
  },
  parse(row) {
    const cells = new RowCells(row);
    const record = {
      plan_ref: cells.text('plan_ref', required),
      name: cells.text('name', { required: true, maxLength: 120 }),
      kind: cells.oneOf('kind', planBenefitKinds, required),
      reason_ref: cells.text('reason_ref'),
      vaccination: cells.boolean('vaccination', false),
      allowance_per_year: cells.integer('allowance_per_year', { min: 1, max: 365 }),
      discount_percent: cells.integer('discount_percent', { min: 1, max: 100 }),
    };
    if (
      record.kind === 'discount' &&
      (cells.cell('discount_percent') === null ||
        cells.cell('allowance_per_year') !== null ||
        record.reason_ref !== null ||
        record.vaccination)
    )
      cells.refuse(null, planReasons.discount);
    if (record.kind === 'allowance' && cells.cell('discount_percent') !== null)
      cells.refuse('discount_percent', planReasons.allowance);
    return cells.result(record);
  },
};
