/**
 * The database module: the database plugin.
 * Other modules import only this file (decision 0054).
 */
export { databasePlugin } from './database-plugin.ts';
