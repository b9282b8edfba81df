import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { beforeAll, describe, expect, it } from 'vitest';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/** `portal-admin lists unmapped` (decision 0131): what an operator sees of the values no entry matches. */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

describe('portal-admin lists unmapped', () => {
  it('shows a table of the values, with the system’s code of each (blank where none came)', async () => {
    const system = `connector:ops-${Math.random().toString(36).slice(2, 8)}`;
    const { rows } = await database.pool.query<{ id: number }>(
      `insert into practice_list_values (list, practice_system, species_id, key, text, code)
       select 'breeds', $1, s.id, v.key, v.text, v.code from species s,
              (values ('fenmoggy', 'Fen Moggy', '4711'), ('marshmoggy', 'Marsh Moggy', null)) as v(key, text, code)
        where s.name = 'Cat' order by v.key
       returning id`,
      [system],
    );
    const run = await runInProcess(
      ['lists', 'unmapped', '--system', system],
      productionSettings(database.url),
    );
    expect(run.status).toBe(0);
    const [header, fen, marsh, total] = run.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID +LIST +SPECIES +SYSTEM +CODE +RECORDS +VALUE +NEAREST$/);
    expect(fen).toMatch(new RegExp(`^${rows[0]!.id} +breeds +Cat +${system} +4711 +0 +Fen Moggy`));
    expect(marsh).toMatch(new RegExp(`^${rows[1]!.id} +breeds +Cat +${system} +0 +Marsh Moggy`));
    // The columns line up under the header: the code under CODE, a blank where none came.
    const code = (line: string) => line.slice(header!.indexOf('CODE'), header!.indexOf('RECORDS')).trim();
    expect([code(fen!), code(marsh!)]).toEqual(['4711', '']);
    expect(total).toBe('lists: 2 unmapped values.');
  });
});
