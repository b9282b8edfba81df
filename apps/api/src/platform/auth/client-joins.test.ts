import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { homePracticeColumns, withHomePractice } from './client-joins.ts';
import { clients, pets } from '@vet/db/schema/clients';

const db = drizzle.mock();

describe('withHomePractice', () => {
  it("inner-joins the client's home practice after the caller's own joins, keeping its where", () => {
    const query = withHomePractice(
      db
        .select({ pet: pets.name, ...homePracticeColumns })
        .from(pets)
        .innerJoin(clients, eq(clients.id, pets.clientId))
        .$dynamic(),
    ).where(eq(pets.id, 7));
    expect(query.toSQL()).toEqual({
      sql:
        'select "pets"."name", "clients"."home_practice_id", "practices"."name", "practices"."phone" from "pets" ' +
        'inner join "clients" on "clients"."id" = "pets"."client_id" ' +
        'inner join "practices" on "practices"."id" = "clients"."home_practice_id" ' +
        'where "pets"."id" = $1',
      params: [7],
    });
  });
});
