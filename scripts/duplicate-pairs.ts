import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { counted, countRows, matchKept } from './lib/duplicate-count/counted.ts';
import { keptKinds, keptPairs } from './lib/duplicate-count/kept-pairs.ts';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * `npm run duplicates:count`: the duplicate pairs of the hand-written code, counted the way decision 0132
 * says so that two counts compare. Needs the developers' `duplicates` command on the PATH (it is not an
 * npm package). Prints each row counted with why it is kept (`lib/duplicate-count/kept-pairs.ts`), the
 * rows no entry there names, the entries no row matched, the count, then the import and re-export lists it
 * left out; asserts nothing.
 */
const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && counted(path) && existsSync(join(repoRoot, path)));

// A fresh repository of the counted files alone: the finder reads what git tracks there.
const copy = mkdtempSync(join(tmpdir(), 'duplicate-pairs-'));
try {
  for (const path of files) {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    copyFileSync(join(repoRoot, path), join(copy, path));
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=count', '-c', 'user.email=count@localhost', 'commit', '-qm', 'count');
  const output = execFileSync('duplicates', ['--most', '200', '--seconds', '240'], {
    cwd: copy,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const rows = countRows(output, (path) => readFileSync(join(copy, path), 'utf8'));
  const { kept, unlisted, notFound } = matchKept(rows.counted, keptPairs);
  const listFile = 'scripts/lib/duplicate-count/kept-pairs.ts';
  console.log(`kept (${kept.length}), each with its kind and reason from ${listFile}:`);
  for (const { row, pair } of kept)
    console.log(`  ${row}\n      kept: ${keptKinds[pair.kind]}: ${pair.reason}`);
  console.log(`not listed (${unlisted.length}): merge each, or add it to ${listFile} with its reason:`);
  for (const row of unlisted) console.log(`  ${row}`);
  console.log(`listed but not found (${notFound.length}): merged since, or hidden by the finder's limits:`);
  for (const pair of notFound) console.log(`  ${pair.left} ~ ${pair.right}: ${pair.reason}`);
  console.log(
    `${rows.counted.length} pairs counted (decision 0132): ${kept.length} kept, ${unlisted.length} not listed`,
  );
  console.log(`left out as import and re-export lists (${rows.moduleLists.length}):`);
  for (const row of rows.moduleLists) console.log(`  ${row}`);
  console.log(`the finder: ${output.split('\n')[0]}`);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
