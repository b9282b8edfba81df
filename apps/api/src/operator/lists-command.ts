import { connectDatabase } from '@vet/db/connection';
import { loadReferenceLists, ReferenceDataRefused } from '@vet/db/reference/load-reference-lists';
import { operatorCommand } from './operator-command.ts';

/**
 * `portal-admin lists [--dry-run] [--data <folder>]`: loads the reference lists (decision 0096) after the
 * migrate step, at every release; a second run with the same data changes nothing. A list refused (a
 * line of its file, or a change that would orphan a pet) writes nothing and answers 1.
 */
export const listsCommand = operatorCommand({
  name: 'lists',
  usage: '[--dry-run] [--data <folder>]',
  summary: 'load the reference lists (species, breeds, colours, insurers, …), a line a list with its counts',
  options: { 'dry-run': { type: 'boolean' }, data: { type: 'string' } },
  async run({ values: options }, context) {
    const target = await context.target();
    if (!target) return 2;
    const dryRun = options['dry-run'] === true;
    const handle = connectDatabase(target.databaseUrl, { max: 1 });
    try {
      const load = await loadReferenceLists(handle.pool, { dryRun, directory: options.data });
      for (const [list, c] of Object.entries(load.lists))
        context.out(
          `lists: ${list}: ${c.entries} entries; ${c.added} added, ${c.changed} changed, ${c.merged} merged, ` +
            `${c.removed} removed; keys ${c.keysAdded} added, ${c.keysRemoved} removed`,
        );
      context.out(
        `lists: breed colours ${load.breedColours.added} added, ${load.breedColours.removed} removed`,
      );
      const caps = load.writtenPrescriptionCaps;
      context.out(`lists: written prescription caps: ${caps.entries} days; ${caps.added} added`);
      const outcome = load.changed ? (dryRun ? 'would change the lists' : 'loaded') : 'nothing to change';
      context.out(
        `lists: ${outcome} in ${load.seconds.toFixed(1)} s${dryRun ? ' (dry run: nothing written)' : ''}.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof ReferenceDataRefused)) throw error;
      context.err(`lists: ${error.message}`);
      return 1;
    } finally {
      await handle.close();
    }
  },
});
