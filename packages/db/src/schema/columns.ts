import { integer, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * A required link to another table's serial id: the column most tables repeat (Drizzle's "column
 * definitions reuse"). The foreign key keeps Drizzle's generated name, so the SQL is unchanged.
 */
export const requiredRef = <TName extends string>(
  name: TName,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).notNull().references(target, actions);
