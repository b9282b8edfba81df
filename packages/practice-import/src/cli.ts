/**
 * `npm run import -- <directory> [--dry-run] [--report <file>] [--follow-links]`: imports a practice system's export into
 * the database at DATABASE_URL. Exit status 0: every row applied (or unchanged); 1: some rows refused;
 * 2: the import could not run.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { importDatabaseUrl, invocationDirectory } from './config.ts';
import { runImport } from './run-import.ts';

const usage = 'Usage: npm run import -- <directory> [--dry-run] [--report <file>] [--follow-links]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'dry-run': { type: 'boolean' },
      report: { type: 'string' },
      'follow-links': { type: 'boolean' },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const [directory, ...extra] = parsed.positionals;
if (!directory || extra.length > 0) fail('Give exactly one export directory.');
const databaseUrl = importDatabaseUrl();
if (!databaseUrl) fail('DATABASE_URL is not set: it names the database to import into.');

const result = await runImport({
  directory: resolve(invocationDirectory(), directory),
  databaseUrl,
  dryRun: parsed.values['dry-run'] === true,
  followLinks: parsed.values['follow-links'] === true,
  reportFile: parsed.values.report && resolve(invocationDirectory(), parsed.values.report),
});
process.exitCode = result.exitCode;
