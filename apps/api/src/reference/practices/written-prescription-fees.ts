import type { WrittenPrescriptionFees } from '@vet/contracts/prescription-rules';
import { practiceWrittenPrescriptionFees } from '@vet/contracts/written-prescription-notice';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/**
 * What a practice charges for a written prescription on a day, for the notice on the booking pages and in
 * the e-mails (issue 62): its own fees at most the cap in force that day, the cap where it sets none
 * (decision 0148). Raw statements that read many practices at once join `capInForce` and select
 * `feeColumns`, then read a row with `feesOfRow`.
 */
export type FeeColumns = {
  ownFirstPence: number | null;
  ownFurtherPence: number | null;
  capFirstPence: number | null;
  capFurtherPence: number | null;
};

/** A lateral join naming `cap`: the cap of the latest effective_from on or before `day` (YYYY-MM-DD). */
export const capInForce = (day: string) =>
  sql`left join lateral (select first_pence, further_pence from written_prescription_caps
        where effective_from <= ${day}::date order by effective_from desc limit 1) cap on true`;

/** The practice `alias`'s own fees and the joined cap, as `FeeColumns`. */
export const feeColumns = (alias: string) => {
  const practice = sql.identifier(alias);
  return sql`${practice}.written_prescription_fee_pence as "ownFirstPence",
    ${practice}.written_prescription_further_fee_pence as "ownFurtherPence",
    cap.first_pence as "capFirstPence", cap.further_pence as "capFurtherPence"`;
};

export function feesOfRow(row: FeeColumns): WrittenPrescriptionFees {
  // The first cap is stored by migration 0054: none is a database not migrated.
  if (row.capFirstPence === null || row.capFurtherPence === null)
    throw new Error('No written prescription cap is stored: migrate the database.');
  return practiceWrittenPrescriptionFees(
    { firstPence: row.ownFirstPence, furtherPence: row.ownFurtherPence },
    { firstPence: row.capFirstPence, furtherPence: row.capFurtherPence },
  );
}

/** One practice's fees on `day`; undefined when there is no such practice. */
export async function writtenPrescriptionFeesOn(
  executor: Executor,
  practiceId: number,
  day: string,
): Promise<WrittenPrescriptionFees | undefined> {
  const { rows } = await executor.execute<FeeColumns>(
    sql`select ${feeColumns('p')} from practices p ${capInForce(day)} where p.id = ${practiceId}`,
  );
  return rows[0] && feesOfRow(rows[0]);
}
