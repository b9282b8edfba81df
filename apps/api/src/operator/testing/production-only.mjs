/**
 * `node --import <this file> …`: refuses to load a development dependency, as a production install
 * (`npm ci --omit=dev`) lacks them, so that a test of a production bundle run in the repository, whose
 * node_modules holds everything, still proves it needs production dependencies only. The lockfile says
 * which packages are development-only (`"dev": true`), by their path under node_modules.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8'));

/** The lockfile's key of the package a file belongs to: `node_modules/tsx`, `a/node_modules/@b/c`. */
function packageKey(file) {
  const path = relative(root, file).split(sep).join('/');
  const at = path.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  const [first, second] = path.slice(at + 'node_modules/'.length).split('/');
  return `${path.slice(0, at)}node_modules/${first.startsWith('@') ? `${first}/${second}` : first}`;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.startsWith('file:')) {
      const key = packageKey(fileURLToPath(resolved.url));
      if (key && lock.packages[key]?.dev === true)
        throw new Error(`${key} is a development dependency, which a production install lacks`);
    }
    return resolved;
  },
});
