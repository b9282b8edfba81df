import type { Database } from '../connection.ts';

/** The transaction every seed step writes through (the whole seed commits or nothing does). */
export type SeedTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A seeded row's id by its name; a miss is a mistake in the data tables, so it fails loudly. */
export function idOf(ids: ReadonlyMap<string, number>, key: string, what: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo data names an unknown ${what}: ${key}`);
  return id;
}
