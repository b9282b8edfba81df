/**
 * `npm test`: every test project (vitest run, with any arguments given), then the check that the run's
 * logs hold no personal data (decision 0028). The run's logs go to .data/test-logs/<run id>/ (TEST_LOG_DIR,
 * read by every process and in-process logger the tests start); the check fails the run, naming the file,
 * line and kind of each finding, never the value. The last few runs' folders are kept.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkTestLogs, describeFindings } from './lib/test-run/log-check.ts';
import { repoRoot } from './lib/shared/paths.ts';

const runsKept = 5;
const logsRoot = join(repoRoot, '.data/test-logs');
const runDir = join(logsRoot, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
mkdirSync(runDir, { recursive: true });
for (const old of readdirSync(logsRoot).sort().reverse().slice(runsKept)) {
  rmSync(join(logsRoot, old), { recursive: true, force: true });
}

const vitest = spawnSync(
  process.execPath,
  [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)],
  // NODE_ENV said explicitly (vitest would set it too): unset, the apps would run as production (decision 0068).
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', TEST_LOG_DIR: runDir } },
);
const testsPassed = vitest.status === 0;

const { files, findings } = checkTestLogs(runDir);
const where = relative(repoRoot, runDir);
if (findings.length > 0) {
  console.error(`\n${describeFindings(findings.map((f) => ({ ...f, file: relative(repoRoot, f.file) })))}`);
  console.error('Log ids and codes, never personal data (decision 0028); the logs are in', where);
} else {
  console.info(`\nLog check: ${files} log file(s) of this run in ${where} hold no personal data or secrets.`);
}
process.exit(testsPassed && findings.length === 0 ? 0 : (vitest.status ?? 1) || 1);
