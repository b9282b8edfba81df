import { homePracticeClosureDays, type HomePractice } from '@vet/contracts/home-practice';
import type { Database } from '@vet/db/connection';
import { closures } from '@vet/db/schema/clinicians';
import { practiceOpeningHours, practices } from '@vet/db/schema/practices';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { createPracticePricesRepository } from './practice-prices-repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** PostgreSQL's `time` reads back as 'HH:MM:SS'; the practice's hours are whole minutes. */
const minutes = (time: string) => time.slice(0, 5);

export function createHomePracticeRepository(db: Database) {
  const prices = createPracticePricesRepository(db);
  return {
    /**
     * A practice as "Your practice" shows it: its address and phone, its weekly hours Monday first, and
     * its practice-wide closures (no clinician) that have not ended by `now` and start within the next
     * `homePracticeClosureDays`. Undefined when there is no such practice.
     */
    async findHomePractice(practiceId: number, now: Date): Promise<HomePractice | undefined> {
      const until = new Date(now.getTime() + homePracticeClosureDays * dayMs);
      const [practiceRows, hourRows, closureRows, priced] = await Promise.all([
        db
          .select({
            id: practices.id,
            name: practices.name,
            addressLine1: practices.addressLine1,
            addressLine2: practices.addressLine2,
            town: practices.town,
            county: practices.county,
            postcode: practices.postcode,
            phone: practices.phone,
          })
          .from(practices)
          .where(eq(practices.id, practiceId)),
        db
          .select({
            dayOfWeek: practiceOpeningHours.dayOfWeek,
            opensAt: practiceOpeningHours.opensAt,
            closesAt: practiceOpeningHours.closesAt,
          })
          .from(practiceOpeningHours)
          .where(eq(practiceOpeningHours.practiceId, practiceId))
          .orderBy(asc(practiceOpeningHours.dayOfWeek)),
        db
          .select({ startsAt: closures.startsAt, endsAt: closures.endsAt, reason: closures.reason })
          .from(closures)
          .where(
            and(
              eq(closures.practiceId, practiceId),
              isNull(closures.clinicianId),
              gt(closures.endsAt, now),
              lt(closures.startsAt, until),
            ),
          )
          .orderBy(asc(closures.startsAt), asc(closures.endsAt)),
        prices.findPracticePrices(practiceId, now),
      ]);
      const [practice] = practiceRows;
      if (!practice || !priced) return undefined;
      return {
        ...practice,
        openingHours: hourRows.map((row) => ({
          dayOfWeek: row.dayOfWeek,
          opens: minutes(row.opensAt),
          closes: minutes(row.closesAt),
        })),
        closures: closureRows.map((row) => ({
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          reason: row.reason,
        })),
        ownerName: priced.ownerName,
        priceList: priced.priceList,
      };
    },
  };
}

export type HomePracticeRepository = ReturnType<typeof createHomePracticeRepository>;
