import { connectDatabase } from '@vet/db/connection';
import type { OperatorCommand } from './operator-command.ts';
import { referenceListsLoader } from './reference-lists.ts';

const notYet =
  'The reference lists arrive with @vet/db’s loadReferenceLists, which this build does not have yet: ' +
  'nothing was loaded.';

/** `portal-admin lists`: loads the reference lists, a line a list with its counts. */
export const listsCommand: OperatorCommand = {
  name: 'lists',
  usage: '',
  summary: referenceListsLoader
    ? 'load the reference lists (species, breeds, colours, insurers, …), a line a list with its counts'
    : 'load the reference lists: not in this build yet (@vet/db’s loadReferenceLists)',
  async run(args, context) {
    if (args.length > 0) {
      context.err('lists takes no arguments.');
      return 2;
    }
    const load = referenceListsLoader;
    if (!load) {
      context.err(notYet);
      return 2;
    }
    const target = await context.target();
    if (!target) return 2;
    const handle = connectDatabase(target.databaseUrl, { max: 2 });
    try {
      for (const { list, added, updated, unchanged } of await load(handle.pool))
        context.out(`lists: ${list}: ${added} added, ${updated} updated, ${unchanged} unchanged`);
      return 0;
    } finally {
      await handle.close();
    }
  },
};
