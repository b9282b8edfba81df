import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../shared/paths.ts';
import { counted, countRows, matchKept, moduleListLines } from './counted.ts';
import { type KeptPair, keptPairs } from './kept-pairs.ts';

describe('the duplicate count of decision 0132', () => {
  it('reads hand-written code and leaves out tests, seed data, locks and generated code', () => {
    for (const path of [
      'apps/api/src/app.ts',
      'packages/db/src/schema/pets.ts',
      'scripts/bench.ts',
      'apps/web/src/shared/ui/button.tsx',
    ])
      expect(counted(path), path).toBe(true);
    for (const path of [
      'apps/api/src/app.test.ts',
      'apps/web/src/shared/ui/button.test.tsx',
      'apps/api/src/practice-system/connectors/testing/memory-practice-system.ts',
      'e2e/booking.e2e.test.ts',
      'e2e/support/portal.ts',
      'packages/db/src/seed.ts',
      'packages/db/src/seed-data/clients.ts',
      'packages/db/src/demo-group/practices.csv',
      'packages/practice-import/fixtures/clients.csv',
      'package-lock.json',
      'packages/db/migrations/0046_prices.sql',
      'packages/integration-client/src/generated/sdk.gen.ts',
    ])
      expect(counted(path), path).toBe(false);
  });

  it('counts the rows of pairs but those marked boilerplate', () => {
    const output = [
      '3 pairs of places (9 files read), each sharing runs of 6 or more lines',
      'D1 a.ts:1-9 ~ b.ts:4-12',
      'D2 a.ts:20-26 ~ c.ts:1-7 shape (+1 more run)',
      'D3 d.ts:1-8 ~ e.ts:3-10 shape boilerplate',
      'left out: 2 runs in more than 8 places',
    ].join('\n');
    const code = Array.from({ length: 30 }, (_, index) => `const value${index} = compute(${index});`).join(
      '\n',
    );
    expect(countRows(output, () => code)).toEqual({
      counted: ['D1 a.ts:1-9 ~ b.ts:4-12', 'D2 a.ts:20-26 ~ c.ts:1-7 shape (+1 more run)'],
      moduleLists: [],
    });
  });

  const entry = [
    '/** An entry. */',
    'export {',
    '  alpha,',
    '  beta,',
    '  gamma,',
    "} from './letters.ts';",
    "export type { Delta } from './delta.ts';",
    '',
    'export const local = 1;',
  ].join('\n');
  const importer = [
    "import { z } from 'zod';",
    'import {',
    '  alpha,',
    '  beta,',
    '  gamma,',
    "} from './entry.ts';",
    'run(alpha);',
  ].join('\n');

  it('finds the lines of imports and re-exports, not of other exports', () => {
    expect([...moduleListLines(entry, 'entry.ts')]).toEqual([2, 3, 4, 5, 6, 7]);
    expect([...moduleListLines(importer, 'importer.ts')]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sets apart a pair whose two sides are only import and re-export lists', () => {
    const files: Record<string, string> = { 'entry.ts': entry, 'importer.ts': importer };
    const read = (path: string) => files[path] ?? '';
    const lists = 'D1 entry.ts:2-8 ~ importer.ts:1-6';
    const oneSideCode = 'D2 entry.ts:2-9 ~ importer.ts:2-7 shape';
    expect(countRows([lists, oneSideCode].join('\n'), read)).toEqual({
      counted: [oneSideCode],
      moduleLists: [lists],
    });
  });

  it('names each counted row by the kept pair of its two files, in either order', () => {
    const routes: KeptPair = { left: 'b.ts', right: 'a.ts', kind: 'declaration', reason: 'two routes' };
    const cases: KeptPair = { left: 'c.tsx', right: 'c.tsx', kind: 'cases', reason: 'two offers' };
    const gone: KeptPair = { left: 'd.ts', right: 'e.ts', kind: 'query', reason: 'merged since' };
    const rows = [
      'D1 a.ts:1-9 ~ b.ts:4-12',
      'D2 c.tsx:3-9 ~ c.tsx:20-26 shape',
      'D3 a.ts:30-36 ~ f.ts:1-7 shape',
    ];
    expect(matchKept(rows, [routes, cases, gone])).toEqual({
      kept: [
        { row: rows[0], pair: routes },
        { row: rows[1], pair: cases },
      ],
      unlisted: [rows[2]],
      notFound: [gone],
    });
  });
});

describe('the list of pairs kept', () => {
  it.each(keptPairs.map((pair) => [`${pair.left} ~ ${pair.right}`, pair] as const))(
    'names files that exist, with a reason: %s',
    (_, pair) => {
      expect(existsSync(join(repoRoot, pair.left)), pair.left).toBe(true);
      expect(existsSync(join(repoRoot, pair.right)), pair.right).toBe(true);
      expect(pair.reason.trim()).not.toBe('');
    },
  );

  it('names each pair of files once', () => {
    const keys = keptPairs.map((pair) => [pair.left, pair.right].sort().join(' ~ '));
    expect(keys.length).toBe(new Set(keys).size);
  });
});
