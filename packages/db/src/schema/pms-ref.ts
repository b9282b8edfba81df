import { integer, serial, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The practice management system's own reference for a record it owns, unique per kind of record within
 * the group (practice-systems.md, "Identity across the two systems"). Null for a record born in the portal
 * until the practice's system acknowledges it. Importing the same reference again updates that record.
 */
export const pmsRef = () => text('pms_ref').unique();

/**
 * The practice import's fingerprint of the file row this record was last written from (its cells and the
 * rules' version: packages/practice-import engine/fingerprints.ts): a later import skips a row whose
 * fingerprint the record still has. Any write by anyone else clears it (migration 0019's trigger), so the
 * import then reads that row in full again.
 */
export const importFingerprint = () => uuid('import_fingerprint');

/**
 * The record's version for the integration API's optimistic concurrency (decision 0113): 1 when stored,
 * one more on every update that changes the row, by anyone (migration 0041's trigger). A practice system
 * sends back the version it last saw (`If-Match`), and a write over a newer one is refused.
 */
export const recordVersion = () => integer('version').notNull().default(1);

/**
 * A record the practice system owns and the integration API versions: the portal's id, the system's
 * reference and the record's version, in that order on every such table.
 */
export const practiceRecordColumns = () => ({
  id: serial('id').primaryKey(),
  pmsRef: pmsRef(),
  version: recordVersion(),
});
