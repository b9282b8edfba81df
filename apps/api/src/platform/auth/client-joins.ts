import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { clients } from '@vet/db/schema/clients';
import { practices } from '@vet/db/schema/practices';

/**
 * A client with its home practice: the practice every view of a client (or of its pet) names. Takes the
 * caller's whole select, in dynamic mode (`.$dynamic()`), reading `clients`; prepare it after. The foreign
 * key is NOT NULL, so the inner join keeps every client.
 */
export function withHomePractice<T extends PgSelect>(query: T) {
  return query.innerJoin(practices, eq(practices.id, clients.homePracticeId));
}

/** What the client's own screens show of its home practice, read with `withHomePractice`. */
export const homePracticeColumns = {
  homePracticeId: clients.homePracticeId,
  homePracticeName: practices.name,
  homePracticePhone: practices.phone,
};

/** The values of `homePracticeColumns`. */
export interface HomePracticeFields {
  homePracticeId: number;
  homePracticeName: string;
  homePracticePhone: string;
}
