import { parseArgs } from 'node:util';
import { connectDatabase } from '../../connection.ts';
import { ReferenceDataRefused, loadReferenceLists } from '../load-reference-lists.ts';

/**
 * `npm run lists [-- --dry-run] [--data <folder>]`: loads the reference lists into the database at
 * DATABASE_URL (decision 0096), after `npm run migrate`, at every release; a second run with the same
 * data changes nothing. Exit status 0 when loaded (or nothing to change), 1 when refused (each reason
 * printed, nothing written), 2 when it could not run.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is not set. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal');
  process.exit(2);
}
const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, data: { type: 'string' } } });
const dryRun = values['dry-run'] === true;

const handle = connectDatabase(databaseUrl, { max: 1 });
try {
  const load = await loadReferenceLists(handle.pool, { dryRun, directory: values.data });
  for (const [list, c] of Object.entries(load.lists))
    console.log(
      `lists: ${list}: ${c.entries} entries; ${c.added} added, ${c.changed} changed, ${c.merged} merged, ` +
        `${c.removed} removed; keys ${c.keysAdded} added, ${c.keysRemoved} removed`,
    );
  console.log(`lists: breed colours ${load.breedColours.added} added, ${load.breedColours.removed} removed`);
  const outcome = load.changed ? (dryRun ? 'would change the lists' : 'loaded') : 'nothing to change';
  console.log(
    `lists: ${outcome} in ${load.seconds.toFixed(1)} s${dryRun ? ' (dry run: nothing written)' : ''}.`,
  );
} catch (error) {
  if (error instanceof ReferenceDataRefused) {
    console.error(`lists: ${error.message}`);
    process.exitCode = 1;
  } else {
    // The database's own words (an SQLSTATE and message about the schema), never the URL.
    console.error(`lists: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
} finally {
  await handle.close();
}
