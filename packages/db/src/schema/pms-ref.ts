import { text } from 'drizzle-orm/pg-core';

/**
 * The practice management system's own reference for a record it owns, unique per kind of record within
 * the group (practice-systems.md, "Identity across the two systems"). Null for a record born in the portal
 * until the practice's system acknowledges it. Importing the same reference again updates that record.
 */
export const pmsRef = () => text('pms_ref').unique();
