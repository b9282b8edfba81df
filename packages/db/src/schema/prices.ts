import { priceBands } from '@vet/contracts/practice-prices';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';
import { appointmentReasons } from './lookups.ts';
import { practiceRecordColumns } from './pms-ref.ts';
import { practices } from './practices.ts';

/**
 * A practice's "from" price (decision 0104): of an appointment reason, or of a service on its list of
 * common services, as the practice system sends it (prices.csv), for every animal or for one of the CMA's bands. Money is whole pence, pounds sterling
 * only. The price in force is the latest effective on or before today in the practice's clock; a later
 * one waits for its day.
 */
export const practicePrices = pgTable(
  'practice_prices',
  {
    ...practiceRecordColumns(),
    practiceId: requiredRef('practice_id', () => practices.id, { onDelete: 'cascade' }),
    reasonId: integer('reason_id').references(() => appointmentReasons.id, { onDelete: 'cascade' }),
    serviceName: text('service_name'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    includes: text('includes'),
    /** The animals it is the price for (issue 62: the CMA's bands); null: every animal. */
    band: text('band'),
    effectiveFrom: date('effective_from').notNull(),
  },
  (t) => [
    index('practice_prices_practice_idx').on(t.practiceId, t.effectiveFrom),
    check('practice_prices_amount_ck', sql`${t.amountPence} >= 0`),
    check('practice_prices_currency_ck', sql`${t.currency} = 'GBP'`),
    check(
      'practice_prices_band_ck',
      sql.raw(`band in (${priceBands.map((band) => `'${band}'`).join(', ')})`),
    ),
    // A reason's price or a named service's, never both nor neither.
    check('practice_prices_subject_ck', sql`(${t.reasonId} is null) <> (${t.serviceName} is null)`),
  ],
);
