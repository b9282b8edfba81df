/**
 * `npm test`: every test project (vitest run, with any arguments given), then the check that the run's
 * logs hold no personal data (decision 0028). The run's logs go to .data/test-logs/<run id>/ (TEST_LOG_DIR,
 * read by every process and in-process logger the tests start); the check fails the run, naming the file,
 * line and kind of each finding, never the value. The last few runs' folders are kept.
 *
 * A whole run goes in two lanes side by side: the end-to-end files, one at a time against one portal,
 * and every other project. In one vitest process the end-to-end files would wait for the rest (vitest runs
 * a project without file parallelism in a group of its own), while the browser journeys leave much of
 * the machine idle. Naming projects or files runs one lane, as vitest would. After the tests it prints
 * where the time went, and writes the lanes' reports merged where `--outputFile.json` asked.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkTestLogs, describeFindings } from './lib/test-run/log-check.ts';
import { describeTimes, mergeReports, type LaneTime, type VitestReport } from './lib/test-run/results.ts';
import { repoRoot } from './lib/shared/paths.ts';
import { laneArguments } from './lib/test-run/lanes.ts';

const runsKept = 5;
const logsRoot = join(repoRoot, '.data/test-logs');
const runDir = join(logsRoot, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
mkdirSync(runDir, { recursive: true });
for (const old of readdirSync(logsRoot).sort().reverse().slice(runsKept)) {
  rmSync(join(logsRoot, old), { recursive: true, force: true });
}

const { lanes, jsonReport } = laneArguments(process.argv.slice(2), runDir);

function runLane(lane: (typeof lanes)[number]): Promise<LaneTime & { status: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...lane.args],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      // NODE_ENV said explicitly (vitest would set it too): unset, the apps would run as production (decision 0068).
      env: { ...process.env, NODE_ENV: 'test', TEST_LOG_DIR: runDir },
    },
  );
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      resolve({ name: lane.name, seconds: (performance.now() - started) / 1000, status: code ?? 1 });
    });
  });
}

const results = await Promise.all(lanes.map(runLane));
const testsPassed = results.every((result) => result.status === 0);

const reports = lanes
  .filter((lane) => existsSync(lane.report))
  .map((lane) => JSON.parse(readFileSync(lane.report, 'utf8')) as VitestReport);
if (reports.length > 0) {
  const merged = mergeReports(reports);
  if (jsonReport) writeFileSync(jsonReport, JSON.stringify(merged));
  console.info(`\n${describeTimes(merged, results, { root: repoRoot }).join('\n')}`);
}

const { files, findings } = checkTestLogs(runDir);
const where = relative(repoRoot, runDir);
if (findings.length > 0) {
  console.error(`\n${describeFindings(findings.map((f) => ({ ...f, file: relative(repoRoot, f.file) })))}`);
  console.error('Log ids and codes, never personal data (decision 0028); the logs are in', where);
} else {
  console.info(`\nLog check: ${files} log file(s) of this run in ${where} hold no personal data or secrets.`);
}
process.exit(testsPassed && findings.length === 0 ? 0 : (results.find((r) => r.status !== 0)?.status ?? 1));
