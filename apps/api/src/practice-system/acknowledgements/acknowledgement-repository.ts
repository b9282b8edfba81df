import type { AcknowledgedKind } from '@vet/contracts/integration-acknowledgements';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { onlinePayments } from '@vet/db/schema/payments';
import { and, eq, ne } from 'drizzle-orm';

/** From a record found by its id (`$id`) to its practice `p`: fixed text (decision 0105). */
const practiceOf: Record<AcknowledgedKind, string> = {
  clients: 'from clients x join practices p on p.id = x.home_practice_id',
  pets: 'from pets x join clients c on c.id = x.client_id join practices p on p.id = c.home_practice_id',
  appointments: 'from appointments x join practices p on p.id = x.practice_id',
  payments: 'from online_payments x join practices p on p.id = x.practice_id',
};

const tables = { clients, pets, appointments, payments: onlinePayments } as const;

/** The SQL of storing a practice system's reference on a record born online. */
export function createAcknowledgementRepository() {
  return {
    /**
     * The record's reference, its row locked until the transaction ends: a change of the record that
     * writes an event waits for the acknowledgement, and its event then carries the reference.
     */
    async lockRecord(
      tx: Executor,
      kind: AcknowledgedKind,
      id: number,
    ): Promise<{ ref: string | null } | undefined> {
      const table = tables[kind];
      const [row] = await tx.select({ ref: table.pmsRef }).from(table).where(eq(table.id, id)).for('update');
      return row;
    },

    /** The practice (its reference, null when it has none) of the record; undefined: no such record. */
    async practiceOf(db: Executor, kind: AcknowledgedKind, id: number): Promise<string | null | undefined> {
      const result = await db.execute<{ practice_ref: string | null }>(
        sql`select p.pms_ref as practice_ref ${sql.raw(practiceOf[kind])} where x.id = ${id}`,
      );
      const [row] = result.rows;
      return row === undefined ? undefined : row.practice_ref;
    },

    /** Whether another record of the kind has this reference. */
    async isRefTaken(tx: Executor, kind: AcknowledgedKind, id: number, ref: string): Promise<boolean> {
      const table = tables[kind];
      const [row] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.pmsRef, ref), ne(table.id, id)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Stores the reference. `updated_at` stays: the client's own details did not change (the web keys its
     * details form on it, and an open form must not reset because the practice acknowledged the record).
     */
    async storeRef(tx: Executor, kind: AcknowledgedKind, id: number, ref: string): Promise<void> {
      const table = tables[kind];
      await tx.update(table).set({ pmsRef: ref }).where(eq(table.id, id));
    },
  };
}

export type AcknowledgementRepository = ReturnType<typeof createAcknowledgementRepository>;
