import { practiceDate } from '@vet/contracts/practice-clock';
import {
  bandsOfSpecies,
  priceBands,
  type FromPrice,
  type PriceBand,
  type PracticePrices,
  type PriceListLine,
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
  effective_from: string;
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
             p.reason_id, coalesce(r.name, p.service_name) as name, p.amount_pence, p.includes, p.band,
             p.effective_from::text as effective_from
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

/**
 * The price list (issue 62): a line per priced service or reason with its prices, every animal's then
 * by band in the CMA's order (cat; dog small, medium, large; rabbit; other), and a line with none for each online reason not priced yet; by name. Last updated: the latest
 * day a price in force took effect (decision 0146). ISO dates compare as text.
 */
const bandOrder = (band: PriceBand | null) => (band === null ? -1 : priceBands.indexOf(band));

export function priceListOf(rows: readonly PriceRow[], unpricedReasons: readonly string[]) {
  const lines = new Map<string, PriceListLine>();
  for (const row of rows) {
    const key = row.reason_id === null ? `service ${row.name}` : `reason ${row.reason_id}`;
    const line = lines.get(key) ?? { name: row.name, prices: [] };
    line.prices.push({ band: row.band, ...fromPrice(row) });
    lines.set(key, line);
  }
  for (const line of lines.values()) line.prices.sort((a, b) => bandOrder(a.band) - bandOrder(b.band));
  const unpriced = unpricedReasons.map((name) => ({ name, prices: [] }));
  const lastUpdated = rows.reduce<string | null>(
    (latest, row) => (latest === null || row.effective_from > latest ? row.effective_from : latest),
    null,
  );
  return {
    lines: [...lines.values(), ...unpriced].sort((a, b) => a.name.localeCompare(b.name, 'en-GB')),
    lastUpdated,
    vatIncluded: true as const,
  };
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
      const priced = new Set(rows.map((row) => row.reason_id));
      const online = await db.execute<{ id: number; name: string }>(
        sql`select id, name from appointment_reasons where is_online`,
      );
      const unpriced = online.rows.filter((reason) => !priced.has(reason.id)).map((reason) => reason.name);
      // Cheapest first: a reason's first row is its "from" price, whatever its band.
      const reasons = new Map<number, PracticePrices['reasons'][number]>();
      for (const row of rows)
        if (row.reason_id !== null && !reasons.has(row.reason_id))
          reasons.set(row.reason_id, { appointmentReasonId: row.reason_id, ...fromPrice(row) });
      return {
        ownerName: owner.owner_name,
        writtenPrescriptionFees: feesOfRow(owner),
        reasons: [...reasons.values()],
        priceList: priceListOf(rows, unpriced),
      };
    },

    /**
     * The operator's gaps (issue 62): per online practice, by name, its online reasons with no price in
     * force at `now`, which its price list shows as "Price not yet published". Practices without gaps
     * are left out.
     */
    async findPriceGaps(
      now: Date,
    ): Promise<{ practiceRef: string | null; name: string; reasons: string[] }[]> {
      const result = await db.execute<{ pms_ref: string | null; name: string; reasons: string[] }>(sql`
        select p.pms_ref, p.name, array_agg(r.name order by r.name) as reasons
          from practices p cross join appointment_reasons r
         where p.is_online and r.is_online
           and not exists (select 1 from practice_prices pp
                            where pp.practice_id = p.id and pp.reason_id = r.id
                              and pp.effective_from <= ${practiceDate(now)}::date)
         group by p.id order by p.name, p.id`);
      return result.rows.map((row) => ({ practiceRef: row.pms_ref, name: row.name, reasons: row.reasons }));
    },

    /** One reason's price in force at the practice at `now`, or null (not yet published). */
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
