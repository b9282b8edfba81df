import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvOf, exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

/** The group's files with one replaced: each file is judged on its own. */
async function withFile(name: string, content: string | Uint8Array) {
  const group = testGroup();
  const directory = await exportDirectory({ ...group.files, [name]: content });
  return { group, result: await importDirectory(database.url, directory) };
}

describe('the files of an export', () => {
  it('reads a byte-order mark, CRLF line ends and quoted commas, quotes and line breaks', async () => {
    const group = testGroup();
    const clients = group.files['clients.csv'].map((c, i) =>
      i === 0
        ? { ...c, address_line1: 'Flat 2, "The Maltings"', address_line2: '7 Rectory Grove\r\nClapham' }
        : c,
    );
    const text = `\uFEFF${csvOf([...clients, { ...clients[1]!, postcode: 'NOT A CODE' }], { lineEnd: '\r\n' })}`;
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'clients.csv': text }),
    );
    // The first client's row spans lines 2-3; the repeated second client starts on line 5.
    expect(refusalsOf(result)).toEqual([
      expect.stringMatching(/^clients\.csv:5 postcode: /),
      'clients.csv:5 client_ref: this reference is used before in line 4',
    ]);
    expect(result.counts('clients.csv')).toEqual({ applied: 2, unchanged: 0, refused: 1 });
    const { rows } = await database.pool.query<{ address_line1: string; address_line2: string }>(
      `select address_line1, address_line2 from clients where pms_ref = $1`,
      [group.ref('CLI', 1)],
    );
    expect(rows).toEqual([
      { address_line1: 'Flat 2, "The Maltings"', address_line2: '7 Rectory Grove\r\nClapham' },
    ]);
  });

  it('refuses a whole file for an unknown or a missing required column, naming it, and imports the others', async () => {
    const group = testGroup();
    const pets = csvOf(group.files['pets.csv'].map((p) => ({ ...p, tattoo: '' })));
    const clients = csvOf(group.files['clients.csv'], { header: ['client_ref', 'first_name', 'last_name'] });
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        'practices.csv': group.files['practices.csv'],
        'clients.csv': clients,
        'pets.csv': pets,
      }),
    );
    expect(result.exitCode).toBe(1);
    expect(refusalsOf(result)).toEqual([
      'clients.csv:1 practice_ref: missing required column of clients.csv',
      'pets.csv:1 tattoo: unknown column: pets.csv has no column of this name',
    ]);
    expect(result.counts('practices.csv')).toEqual({ applied: 1, unchanged: 0, refused: 0 });
    expect(result.counts('clients.csv')).toEqual({ applied: 0, unchanged: 0, refused: 2 });
    expect(result.counts('pets.csv')).toEqual({ applied: 0, unchanged: 0, refused: 3 });
  });

  it('refuses a file that is not CSV, naming the line, and its children for it', async () => {
    const { group, result } = await withFile(
      'clients.csv',
      `${csvOf(testGroup().files['clients.csv'])}CLI-X,"unclosed\n`,
    );
    expect(refusalsOf(result)).toContainEqual(
      'clients.csv:4 -: not CSV: a quoted cell is never closed in the record starting on this line',
    );
    expect(refusalsOf(result)).toContainEqual(
      'pets.csv:2 client_ref: no client with this reference is stored (clients.csv was refused as a whole)',
    );
    expect(result.counts('clients.csv')).toEqual({ applied: 0, unchanged: 0, refused: 2 });
    expect(result.counts('practices.csv').applied).toBe(1);
    const { rows } = await database.pool.query(`select 1 from clients where pms_ref like $1`, [
      `%-${group.tag}-%`,
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses a file that is not UTF-8, naming the line', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('vaccination_ref,pet_ref,vaccine,given_on\nV1,P1,Rabies,2025-01-01\nV2,P1,'),
      Buffer.from([0xe9]),
      Buffer.from('tanos,2025-01-01\n'),
    ]);
    const { result } = await withFile('vaccinations.csv', latin1);
    expect(refusalsOf(result)).toEqual([
      'vaccinations.csv:3 -: not UTF-8: this line holds bytes that are not UTF-8 text',
    ]);
  });

  it('refuses an empty file, and a row with more or fewer cells than the header', async () => {
    const empty = await withFile('closures.csv', '');
    expect(refusalsOf(empty.result)).toEqual(['closures.csv:1 -: empty: the file has no header row']);
    expect(empty.result.exitCode).toBe(1);
    const ragged = await withFile(
      'vaccinations.csv',
      'vaccination_ref,pet_ref,vaccine,given_on\nV1,P1,Rabies\n',
    );
    expect(refusalsOf(ragged.result)).toEqual([
      'vaccinations.csv:2 -: this row has 3 cells where the header has 4',
    ]);
  });

  it('refuses by name a file that is not one of the import', async () => {
    const group = testGroup();
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'client.csv': group.files['clients.csv'] }),
    );
    expect(result.exitCode).toBe(1);
    expect(refusalsOf(result)).toEqual([
      expect.stringMatching(/^client\.csv:0 -: not a file of the import, whose files are practices\.csv, /),
    ]);
    expect(result.counts('clients.csv').applied).toBe(2);
  });

  it('refuses a file that is a link, unless told to follow links (security round three, finding 12)', async () => {
    const group = testGroup();
    const { ['pets.csv']: pets, ...others } = group.files;
    const elsewhere = await mkdtemp(join(tmpdir(), 'import-link-target-'));
    await writeFile(join(elsewhere, 'pets.csv'), csvOf(pets));
    const directory = await exportDirectory(others);
    await symlink(join(elsewhere, 'pets.csv'), join(directory, 'pets.csv'));

    const refused = await importDirectory(database.url, directory);
    expect(refused.exitCode).toBe(1);
    // The link is refused by name, and the pets' children with it, as for a pets.csv not given.
    expect(refusalsOf(refused)).toContain(
      'pets.csv:0 -: a link, not a file: the import reads the files it is given (--follow-links reads where it points)',
    );
    expect(refused.files.map((f) => f.file)).not.toContain('pets.csv');
    for (const other of refusalsOf(refused).filter((r) => !r.startsWith('pets.csv')))
      expect(other).toMatch(/\(no pets\.csv in the directory\)$/);

    const followed = await importDirectory(database.url, directory, { followLinks: true });
    expect(followed.exitCode).toBe(0);
    expect(followed.counts('pets.csv').applied + followed.counts('pets.csv').unchanged).toBeGreaterThan(0);
  });

  it('cannot run, with exit status 2, without a readable directory of import files or a database', async () => {
    const group = testGroup();
    const missing = await importDirectory(database.url, join(tmpdir(), `no-such-${group.tag}`));
    expect(missing).toMatchObject({ exitCode: 2, files: [], refusals: [] });
    expect(missing.output).toMatch(
      /^The import could not run: the directory .* could not be read \(ENOENT\)\.\n$/,
    );
    const stranger = await importDirectory(database.url, await exportDirectory({ 'notes.txt': 'hello' }));
    expect(stranger.exitCode).toBe(2);
    expect(stranger.output).toContain("holds none of the import's files");
    const offline = await importDirectory(
      'postgres://postgres@127.0.0.1:1/none',
      await exportDirectory(group.files),
    );
    expect(offline.exitCode).toBe(2);
    expect(offline.output).toBe(
      'The import could not run: the database could not be reached (ECONNREFUSED).\n',
    );
  });

  it('never lets a refused row’s personal data into the output or the report', async () => {
    const group = testGroup();
    const { planted } = group;
    const phone = `07${group.tag}`;
    const clients = group.files['clients.csv'].map((c, i) => (i === 0 ? { ...c, mobile_phone: phone } : c));
    // A file without its header row: its first row (personal data) is read as the header.
    const headless = csvOf(group.files['clients.csv']).split('\n').slice(1).join('\n');
    const report = join(await mkdtemp(join(tmpdir(), 'import-report-')), 'report.json');
    for (const files of [{ 'clients.csv': clients }, { 'clients.csv': headless }]) {
      const result = await importDirectory(
        database.url,
        await exportDirectory({ ...group.files, ...files }),
        {
          reportFile: report,
        },
      );
      expect(result.exitCode).toBe(1);
      const written = await readFile(report, 'utf8');
      expect(JSON.parse(written)).toMatchObject({ exitCode: 1, refusals: result.refusals });
      for (const text of [written, result.output, JSON.stringify(result)]) {
        for (const value of [planted.lastName, planted.email, planted.postcode, 'Olivia', phone]) {
          expect(text).not.toContain(value);
        }
      }
    }
  });
});
