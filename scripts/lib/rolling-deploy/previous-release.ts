import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../shared/paths.ts';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The newest migration's tag in a migrations journal. */
export function newestMigration(root: string): string {
  const journal = JSON.parse(
    readFileSync(path.join(root, 'packages/db/migrations/meta/_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)!.tag;
}

/**
 * The commit just before the one that brought the newest migration (on the first-parent line, so a merge
 * counts as the release that brought it): the code that serves while migration N runs in a rolling deploy.
 * Null when this checkout has no such history (no git, a shallow clone), with the reason.
 */
export function previousRelease(): { commit: string; tag: string } | { reason: string } {
  const tag = newestMigration(repoRoot);
  try {
    const added = git(
      'log',
      '--first-parent',
      '--diff-filter=A',
      '--format=%H',
      '-1',
      '--',
      `packages/db/migrations/${tag}.sql`,
    );
    if (added === '') return { reason: `no commit in this checkout's history adds ${tag}` };
    return { commit: git('rev-parse', '--verify', `${added}^1`), tag };
  } catch {
    return { reason: 'this checkout has no git history before its newest migration (no git, or shallow)' };
  }
}

/**
 * Writes the tree of `commit` to `dir` (git archive: the repository's state is left alone) and gives it
 * this checkout's installed packages, except the workspace's own (`@vet/*`), which point into `dir` so
 * that the old release runs its own code throughout.
 */
export function checkOutRelease(commit: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  execSync(`git archive --format=tar ${commit} | tar -x -C "${dir}"`, { cwd: repoRoot, stdio: 'ignore' });
  const modules = path.join(repoRoot, 'node_modules');
  const own = path.join(dir, 'node_modules');
  mkdirSync(own);
  for (const entry of readdirSync(modules)) {
    if (entry === '@vet') continue;
    symlinkSync(path.join(modules, entry), path.join(own, entry));
  }
  mkdirSync(path.join(own, '@vet'));
  for (const name of readdirSync(path.join(modules, '@vet'))) {
    // Each link is relative (../../apps/api): the same link inside `dir` names the old release's folder.
    symlinkSync(readlinkSync(path.join(modules, '@vet', name)), path.join(own, '@vet', name));
  }
  // A workspace's own node_modules holds only outside packages (versions apart from the root's).
  for (const workspace of ['apps', 'packages']) {
    for (const name of readdirSync(path.join(repoRoot, workspace))) {
      const nested = path.join(repoRoot, workspace, name, 'node_modules');
      const target = path.join(dir, workspace, name);
      if (existsSync(nested) && existsSync(target)) symlinkSync(nested, path.join(target, 'node_modules'));
    }
  }
}
