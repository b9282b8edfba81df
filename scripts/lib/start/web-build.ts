import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../shared/paths.ts';

const webDir = join(repoRoot, 'apps/web');
const buildIdFile = join(webDir, '.next/BUILD_ID');
/** What the web build is made from: a change here makes the build stale. */
const sources = [
  'apps/web/src',
  'apps/web/next.config.ts',
  'apps/web/package.json',
  'apps/web/compile-hints.mjs',
  'packages/contracts/src',
  'packages/db/src',
];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}

export function webBuildIsStale(): boolean {
  if (!existsSync(buildIdFile)) return true;
  const built = statSync(buildIdFile).mtimeMs;
  return sources.some((source) => {
    const path = join(repoRoot, source);
    return existsSync(path) && newestMtime(path) > built;
  });
}

/** Builds the web app (next build) when it has never been built or its sources changed since. */
export function ensureWebBuild(log: (line: string) => void): void {
  if (!webBuildIsStale()) return;
  log('Building the web app (next build)…');
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build failed');
  // What `npm run build` does after `next build` (decision 0045).
  const hints = spawnSync(process.execPath, [join(webDir, 'compile-hints.mjs')], { stdio: 'inherit' });
  if (hints.status !== 0) throw new Error('adding compile hints to the web build failed');
}
