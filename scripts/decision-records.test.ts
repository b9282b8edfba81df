import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * The decision records (docs/decisions) are cited by number from code and docs ("decision 0028"), so a
 * number must keep leading somewhere, and a reader must see at once which records stand:
 *
 * - each record is `NNNN-title.md`, titled `# NNNN …`, with `Status: Accepted · <date>` or
 *   `Status: Superseded by NNNN · <date>` under its title;
 * - a superseded record says so in a line at its top, and what superseded it exists, is later, and leads
 *   (through any records superseded in turn) to one that stands;
 * - the index (docs/decisions/README.md) lists every record once: those that stand under "Records that
 *   stand", the others under "Superseded records" with the record that replaced them;
 * - every "decision NNNN" (or "decisions NNNN, NNNN and NNNN", "NNNN–NNNN") in the repository's files
 *   names a record that exists.
 */

const folder = 'docs/decisions';
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

interface DecisionRecord {
  number: string;
  file: string;
  lines: string[];
  status: string;
  supersededBy: string | undefined;
  date: string;
}

const statusLine = /^Status: (?:Accepted|Superseded by (\d{4})) · (\d{4}-\d{2}-\d{2})(?:$|[ ;·])/;

const records: DecisionRecord[] = readdirSync(join(repoRoot, folder))
  .filter((file) => file !== 'README.md')
  .sort()
  .map((file) => {
    const lines = read(join(folder, file)).split('\n');
    const status = lines[2] ?? '';
    const match = statusLine.exec(status);
    return {
      number: file.slice(0, 4),
      file,
      lines,
      status,
      supersededBy: match?.[1],
      date: match?.[2] ?? '',
    };
  });
const byNumber = new Map(records.map((record) => [record.number, record]));

describe('each decision record', () => {
  it.each(records.map((record) => [record.file, record] as const))(
    '%s: name, title, status and date',
    (_, record) => {
      expect(record.file).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
      expect(record.lines[0]).toMatch(new RegExp(`^# ${record.number} \\S`));
      expect(record.lines[1]).toBe('');
      expect(record.status, 'the status line, right under the title').toMatch(statusLine);
      expect(Number.isNaN(Date.parse(record.date)), record.date).toBe(false);
    },
  );

  it('is not dated before the record numbered before it', () => {
    const outOfOrder = records.filter((record, index) => index > 0 && record.date < records[index - 1]!.date);
    expect(outOfOrder.map((record) => record.file)).toEqual([]);
  });
});

describe('a superseded record', () => {
  const superseded = records.filter((record) => record.supersededBy !== undefined);

  it.each(superseded.map((record) => [record.file, record] as const))(
    '%s: says so at its top and leads to a record that stands',
    (_, record) => {
      const note = record.lines.slice(3).find((line) => line.trim() !== '');
      expect(note, 'the line under the status').toMatch(/^> Superseded/);
      const seen = new Set<string>();
      let current = record;
      while (current.supersededBy !== undefined) {
        const next = byNumber.get(current.supersededBy);
        expect(next, `${current.number} superseded by ${current.supersededBy}`).toBeDefined();
        expect(next!.number > current.number, `${next!.number} comes after ${current.number}`).toBe(true);
        expect(seen.has(next!.number)).toBe(false);
        seen.add(next!.number);
        current = next!;
      }
      expect(note).toContain(current.number);
    },
  );
});

describe('the index, docs/decisions/README.md', () => {
  const index = read(join(folder, 'README.md'));
  const section = (heading: string) => {
    const start = index.indexOf(`\n## ${heading}\n`);
    if (start === -1) return '';
    const end = index.indexOf('\n## ', start + 1);
    return index.slice(start, end === -1 ? undefined : end);
  };
  const standing = section('Records that stand');
  const replaced = section('Superseded records');
  const entries = (text: string) => [...text.matchAll(/^- (\d{4}) \[[^\]]+\]\(([^)]+)\)(.*)$/gm)];

  it('links only to records that exist', () => {
    const missing = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)]
      .map((match) => match[1]!)
      .filter((file) => !existsSync(join(repoRoot, folder, file)));
    expect(missing).toEqual([]);
  });

  it('lists every record once, in the list its status says', () => {
    const listed = [...entries(standing), ...entries(replaced)].map((match) => match[2]);
    expect([...listed].sort()).toEqual(records.map((record) => record.file));
    const standingFiles = entries(standing).map((match) => match[2]);
    expect(standingFiles.sort()).toEqual(
      records.filter((record) => record.supersededBy === undefined).map((record) => record.file),
    );
  });

  it('names what replaced each superseded record', () => {
    for (const [, number, file, rest] of entries(replaced)) {
      const record = byNumber.get(number!);
      expect(record?.file).toBe(file);
      expect(rest, file).toMatch(new RegExp(`^ → ${record?.supersededBy}\\b`));
    }
  });
});

describe('"decision NNNN" across the repository', () => {
  const cited = /\bdecisions? (\d{4}(?:(?:, | and | or |–|-)\d{4})*)/gi;
  const textFile = /\.(ts|tsx|mts|mjs|js|md|json|ya?ml|conf|sql|sh|css)$|(^|\/)Dockerfile$/;
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((path) => textFile.test(path) && !path.startsWith('packages/db/migrations/'))
    .filter((path) => existsSync(join(repoRoot, path)));

  it('names records that exist', () => {
    const broken: string[] = [];
    for (const path of files) {
      for (const match of read(path).matchAll(cited)) {
        // A range (0032–0050) is checked by its ends: a number between may never have been used.
        const named = match[1]!.match(/\d{4}/g) ?? [];
        for (const number of named) if (!byNumber.has(number)) broken.push(`${path}: ${match[0]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
