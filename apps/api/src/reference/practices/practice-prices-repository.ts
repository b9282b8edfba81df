import { practiceDate } from '@vet/contracts/practice-clock';
import {
  bandsOfSpecies,
  type FromPrice,
  type PriceBand,
  type PracticePrices,
} from '@vet/contracts/practice-prices';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { capInForce, feeColumns, feesOfRow, type FeeColumns } from './written-prescription-fees.ts';

type PriceRow = {
  reason_id: number | null;
  name: string;
  amount_pence: number;
  includes: string | null;
  band: PriceBand | null;
};

/**
 * The prices in force at a practice on a day (decision 0104): for each reason or service and band, the
 * latest effective on or before that day; of two from the same day, the one written last. Cheapest first. An offline reason's
 * price is left out with the reason.
 */
async function pricesInForce(db: Executor, practiceId: number, day: string, reasonId?: number) {
  const reason = reasonId === undefined ? sql`` : sql`and p.reason_id = ${reasonId}`;
  const result = await db.execute<PriceRow>(sql`
    select * from (
      select distinct on (p.reason_id, p.service_name, p.band)
             p.reason_id, coalesce(r.name, p.service_name) as name, p.amount_pence, p.includes, p.band
        from practice_prices p left join appointment_reasons r on r.id = p.reason_id
       where p.practice_id = ${practiceId} and p.effective_from <= ${day}::date ${reason}
         and (r.id is null or r.is_online)
       order by p.reason_id, p.service_name, p.band, p.effective_from desc, p.id desc) in_force
    order by name, amount_pence`);
  return result.rows;
}

const fromPrice = (row: PriceRow): FromPrice => ({ amountPence: row.amount_pence, includes: row.includes });

/**
 * A pet's "from" price among a reason's prices in force (cheapest first): the cheapest of its species'
 * bands where the practice prices any of them, else the price for every animal. Without a pet, the
 * cheapest of all.
 */
export function priceForPet(rows: readonly PriceRow[], speciesCode: string | null): PriceRow | undefined {
  if (speciesCode === null) return rows[0];
  const bands = bandsOfSpecies(speciesCode);
  return (
    rows.find((row) => row.band !== null && bands.includes(row.band)) ?? rows.find((row) => row.band === null)
  );
}

export function createPracticePricesRepository(db: Executor) {
  return {
    /** The practice's owner and prices in force at `now`; undefined when there is no such practice. */
    async findPracticePrices(practiceId: number, now: Date): Promise<PracticePrices | undefined> {
      const day = practiceDate(now);
      const [owner] = (
        await db.execute<FeeColumns & { owner_name: string | null }>(
          sql`select p.owner_name, ${feeColumns('p')} from practices p ${capInForce(day)}
               where p.id = ${practiceId}`,
        )
      ).rows;
      if (!owner) return undefined;
      const rows = await pricesInForce(db, practiceId, day);
      return {
        ownerName: owner.owner_name,
        writtenPrescriptionFees: feesOfRow(owner),
        reasons: rows.flatMap((row) =>
          row.reason_id === null ? [] : [{ appointmentReasonId: row.reason_id, ...fromPrice(row) }],
        ),
        priceList: rows.map((row) => ({ name: row.name, ...fromPrice(row) })),
      };
    },

    /** One reason's price in force at the practice at `now`, or null ("ask the practice"). */
    async findReasonPrice(practiceId: number, reasonId: number, now: Date): Promise<FromPrice | null> {
      const [row] = await pricesInForce(db, practiceId, practiceDate(now), reasonId);
      return row ? fromPrice(row) : null;
    },

    /**
     * A reason's price for a pet of a species (null: no pet yet) in force on a day of the practice's
     * calendar (YYYY-MM-DD): the price an appointment that day is quoted (issue 62). Null: none published.
     */
    async findReasonPriceOnDay(
      practiceId: number,
      reasonId: number,
      day: string,
      speciesCode: string | null,
    ): Promise<FromPrice | null> {
      const row = priceForPet(await pricesInForce(db, practiceId, day, reasonId), speciesCode);
      return row ? fromPrice(row) : null;
    },
  };
}

export type PracticePricesRepository = ReturnType<typeof createPracticePricesRepository>;
