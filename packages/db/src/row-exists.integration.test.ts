import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rowExists } from './row-exists.ts';
import { softBookings } from './schema/appointments.ts';
import { salutations, species } from './schema/lookups.ts';
import { createSalutation, createSpecies } from './testing/factories.ts';
import { useTestDatabase } from './testing/test-database.ts';

const { db } = useTestDatabase();

/** Past any serial a test run reaches, so no row has it. */
const MISSING_ID = 2_000_000_000;

describe('rowExists', () => {
  it('answers true for a row with the id and false for an id no row has', async () => {
    const salutation = await createSalutation(db);
    const made = await createSpecies(db);
    await expect(rowExists(db, salutations, salutation.id)).resolves.toBe(true);
    await expect(rowExists(db, species, made.id)).resolves.toBe(true);
    await expect(rowExists(db, salutations, MISSING_ID)).resolves.toBe(false);
  });

  it("sees its transaction's uncommitted row, and not once the transaction is rolled back", async () => {
    let id = 0;
    const rolledBack = new Error('roll back');
    const outcome = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(salutations)
          .values({ description: `Salutation ${randomUUID()}` })
          .returning({ id: salutations.id });
        id = row!.id;
        await expect(rowExists(tx, salutations, id)).resolves.toBe(true);
        throw rolledBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rolledBack);
    await expect(rowExists(db, salutations, id)).resolves.toBe(false);
  });

  it('takes only tables keyed by an integer id', () => {
    // @ts-expect-error soft_bookings is keyed by a uuid, not an integer id.
    const check = () => rowExists(db, softBookings, 1);
    expect(check).toBeTypeOf('function');
  });
});
