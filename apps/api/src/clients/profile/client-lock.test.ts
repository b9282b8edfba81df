import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { lockClientRow } from './client-lock.ts';
import { clients } from '@vet/db/schema/clients';

describe('lockClientRow', () => {
  it("locks the matching client's row for update, reading the caller's columns", async () => {
    const sent: { sql: string; params: unknown[] }[] = [];
    const db = drizzle.mock({ logger: { logQuery: (sql, params) => sent.push({ sql, params }) } });
    // The mock has no connection: the statement is logged, then running it fails.
    await lockClientRow(db, eq(clients.pmsRef, 'C-1'), { id: clients.id, email: clients.email }).catch(
      () => undefined,
    );
    expect(sent).toEqual([
      {
        sql: 'select "id", "email" from "clients" where "clients"."pms_ref" = $1 for update',
        params: ['C-1'],
      },
    ]);
  });
});
