import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * A program from Debian's packages that a test or the production smoke runs (nginx, PgBouncer): installed
 * with apt-get when missing and run as root (as CI runs); otherwise the error says the command to run.
 */
export function ensureDebianPackage(binary: string, pkg: string, log: (line: string) => void): string {
  if (existsSync(binary)) return binary;
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is missing: run  sudo apt-get install -y ${pkg}`);
  log(`Installing ${pkg} from Debian's packages…`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  return binary;
}
