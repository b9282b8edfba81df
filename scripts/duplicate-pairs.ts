import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { counted, countedRows } from './lib/duplicate-count/counted.ts';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * `npm run duplicates:count`: the duplicate pairs of the hand-written code, counted the way decision 0110
 * says so that two counts compare. Needs the developers' `duplicates` command on the PATH (it is not an
 * npm package). Prints the rows counted and their number; asserts nothing.
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
  const rows = countedRows(output);
  console.log(rows.join('\n'));
  console.log(`${rows.length} pairs counted (decision 0110); the finder: ${output.split('\n')[0]}`);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
