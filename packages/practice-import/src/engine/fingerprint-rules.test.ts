import { describe, expect, it } from 'vitest';
import type { KindFile } from '../kinds/kind.ts';
import { recordKindsByFile } from '../kinds/index.ts';
import { context, rowOf } from '../kinds/testing/kind-fixtures.ts';
import { validRows } from '../kinds/testing/valid-rows.ts';
import { fingerprintedFiles, fingerprintRules } from './fingerprints.ts';
import { Murmur128 } from './murmur3.ts';

/**
 * What the fingerprinted kinds make of a few rows (each valid row, and it with each cell emptied), as one
 * digest. When a change to their rules changes it, rows stored before would keep what the old rules made
 * of them: bump fingerprintRules (fingerprints.ts) with the new digest, so the next import reads them all.
 * (A change to the test rows alone changes it too; bumping then costs one import that reads every row.)
 */
function outcomesDigest(): string {
  const hasher = new Murmur128().reset(0);
  for (const file of Object.keys(fingerprintedFiles) as KindFile[]) {
    const kind = recordKindsByFile.get(file)!;
    const valid = validRows[file];
    const rows = [valid, ...Object.keys(valid).map((column) => ({ ...valid, [column]: '' }))];
    for (const row of rows) hasher.text(JSON.stringify(kind.parse(rowOf(kind, row), context)));
  }
  const out = new Uint32Array(4);
  hasher.digest(out);
  return [...out].map((w) => w.toString(16).padStart(8, '0')).join('');
}

describe('fingerprintRules', () => {
  it('is bumped whenever what the fingerprinted kinds make of a row changes', () => {
    expect({ fingerprintRules, outcomes: outcomesDigest() }).toEqual({
      fingerprintRules: 4,
      outcomes: 'ce50086908f934a40eb48f93cf418340',
    });
  });
});
