import type { AcknowledgedKind } from '@vet/contracts/integration-acknowledgements';
import type { Executor } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { and, eq, ne } from 'drizzle-orm';

const tables = { clients, pets, appointments } as const;

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
