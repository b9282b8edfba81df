import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from '../shared/paths.ts';

/** A random secret for local runs, generated once into a git-ignored file (mode 0600) and reused. */
export function localSecret(relativePath: string): string {
  const path = join(repoRoot, relativePath);
  if (existsSync(path)) {
    const kept = readFileSync(path, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
