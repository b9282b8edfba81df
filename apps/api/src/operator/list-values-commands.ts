import { connectDatabase } from '@vet/db/connection';
import { practiceValueLists, type PracticeValueList } from '@vet/db/schema/practice-list-values';
import {
  ListValueRefusal,
  listUnmappedValues,
  mapListValue,
} from '@vet/practice-import/list-values/list-values';
import type pg from 'pg';
import {
  operatorCommand,
  wrongArguments,
  type OperatorCommand,
  type OperatorContext,
} from './operator-command.ts';

/** Runs `body` on a pool of the target database; 2 when there is none. */
async function withPool(context: OperatorContext, body: (pool: pg.Pool) => Promise<number>) {
  const target = await context.target();
  if (!target) return 2;
  const handle = connectDatabase(target.databaseUrl, { max: 1 });
  try {
    return await body(handle.pool);
  } finally {
    await handle.close();
  }
}

const isList = (list: string): list is PracticeValueList =>
  (practiceValueLists as readonly string[]).includes(list);

/** Columns padded to their widest cell, two spaces apart; the last one as it is. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * `portal-admin lists unmapped`: the values practice systems wrote that no list entry matched (decision
 * 0131), a table of a line each: id, list, species, practice system, the system's code of the value
 * (blank where none came), how many records carry it, the value, and the entries nearest to it. Labels
 * only: never a record's personal data.
 */
const unmappedCommand: OperatorCommand = operatorCommand({
  name: 'lists unmapped',
  usage: '[--list <species|breeds|colours|insurers|salutations>] [--system <practice system>]',
  summary: 'the values practice systems wrote that no list entry matches, with how many records carry each',
  options: { list: { type: 'string' }, system: { type: 'string' } },
  async run({ values: options }, context) {
    if (options.list !== undefined && !isList(options.list))
      return wrongArguments(unmappedCommand, context, `--list is one of ${practiceValueLists.join(', ')}.`);
    const list = options.list;
    return withPool(context, async (pool) => {
      const values = await listUnmappedValues(pool, { list, practiceSystem: options.system });
      if (values.length > 0)
        for (const line of table([
          ['ID', 'LIST', 'SPECIES', 'SYSTEM', 'CODE', 'RECORDS', 'VALUE', 'NEAREST'],
          ...values.map((v) => [
            String(v.id),
            v.list,
            v.species ?? '',
            v.practiceSystem,
            v.code ?? '',
            String(v.records),
            v.text,
            v.nearest.join(', '),
          ]),
        ]))
          context.out(line);
      context.out(`lists: ${values.length} unmapped value${values.length === 1 ? '' : 's'}.`);
      return 0;
    });
  },
});

/** `portal-admin lists map <id> --to <entry>` or `--group-entry`. */
const mapCommand: OperatorCommand = operatorCommand({
  name: 'lists map',
  usage: '<id> (--to <entry> | --group-entry)',
  summary: 'map an unmapped value to a list entry (or make it the group’s own); every record with it follows',
  options: { to: { type: 'string' }, 'group-entry': { type: 'boolean' } },
  positionals: { count: 1, refusal: 'Name one unmapped value by its id (lists unmapped shows them).' },
  async run({ positionals: [given], values: options }, context) {
    const id = Number(given);
    if (!Number.isSafeInteger(id) || id <= 0)
      return wrongArguments(mapCommand, context, 'The id is a whole number (lists unmapped shows them).');
    const groupEntry = options['group-entry'] === true;
    if ((options.to === undefined) === !groupEntry)
      return wrongArguments(mapCommand, context, 'Give --to <entry> or --group-entry, one of them.');
    return withPool(context, async (pool) => {
      try {
        const mapped = await mapListValue(pool, id, groupEntry ? { groupEntry } : { entry: options.to! });
        context.out(
          `lists: “${mapped.text}” ${mapped.changed ? 'mapped' : 'was mapped already'} to ${mapped.entry.name}; ` +
            `${mapped.records} record${mapped.records === 1 ? '' : 's'} took it.`,
        );
        return 0;
      } catch (error) {
        if (!(error instanceof ListValueRefusal)) throw error;
        context.err(`lists: ${error.message}`);
        return 1;
      }
    });
  },
});

export const listValuesCommands = [unmappedCommand, mapCommand];
