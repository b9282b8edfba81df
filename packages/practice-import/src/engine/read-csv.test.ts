import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FileRefused, readCsv, type CsvRecord } from './read-csv.ts';

async function read(content: string | Uint8Array, chunkSize = 7): Promise<CsvRecord[]> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  // Small chunks: characters, quotes and line ends fall across chunk boundaries.
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
    bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
  );
  const records: CsvRecord[] = [];
  for await (const batch of readCsv(() => Readable.from(chunks))) records.push(...batch);
  return records;
}

async function refusal(content: string | Uint8Array): Promise<FileRefused> {
  const error = await read(content).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof FileRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('reading an export file', () => {
  it('gives each record the physical line it starts on, over quoted line breaks and blank lines', async () => {
    for (const end of ['\n', '\r\n']) {
      const text = [
        'a,b',
        '1,"two',
        'lines"',
        '',
        '3,"x, y"',
        '4,"say ""hi"""',
        '5,"a',
        'b',
        'c"',
        '6,7',
      ].join(end);
      expect(await read(text)).toEqual([
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', `two${end}lines`] },
        { line: 5, cells: ['3', 'x, y'] },
        { line: 6, cells: ['4', 'say "hi"'] },
        { line: 7, cells: ['5', `a${end}b${end}c`] },
        { line: 10, cells: ['6', '7'] },
      ]);
    }
  });

  it('drops a byte-order mark and reads UTF-8 split across chunks', async () => {
    const records = await read('\uFEFFname,town\nZoë,Llanfairpwllgwyngyll 🐕\n', 3);
    expect(records).toEqual([
      { line: 1, cells: ['name', 'town'] },
      { line: 2, cells: ['Zoë', 'Llanfairpwllgwyngyll 🐕'] },
    ]);
  });

  it('keeps a row of another length for the engine to refuse', async () => {
    expect(await read('a,b\n1,2,3\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2', '3'] },
    ]);
  });

  it('refuses bytes that are not UTF-8, naming their line', async () => {
    const latin1 = Buffer.concat([Buffer.from('a,b\n1,2\n3,'), Buffer.from([0xe9]), Buffer.from('t\n')]);
    const error = await refusal(latin1);
    expect(error.line).toBe(3);
    expect(error.reason).toMatch(/^not UTF-8/);
  });

  it('refuses a file ending inside a character', async () => {
    const error = await refusal(Buffer.concat([Buffer.from('a,b\n1,'), Buffer.from([0xc3])]));
    expect(error.reason).toMatch(/^not UTF-8/);
  });

  it('refuses what is not CSV, naming the line of the record and never quoting it', async () => {
    const unclosed = await refusal('a,b\n1,2\n3,"Secret Name\n4,5\n');
    expect(unclosed.line).toBe(3);
    expect(unclosed.reason).toBe(
      'not CSV: a quoted cell is never closed in the record starting on this line',
    );
    const stray = await refusal('a,b\n1,2\n3,Se"cret\n');
    expect(stray.line).toBe(3);
    expect(stray.reason).toMatch(/^not CSV: /);
    expect(stray.reason).not.toContain('Se');
  });

  it('reads an empty source as no records', async () => {
    expect(await read('')).toEqual([]);
    expect(await read('\uFEFF\n\n')).toEqual([]);
  });
});
