/**
 * What `npm test` makes of vitest's JSON reports: the lanes' reports merged into the one a caller asked
 * for, and a summary of where the time went (the slowest files, each layer's share), so that a suite
 * growing slower shows in every run's output rather than in CI's clock alone.
 */

/** The part of vitest's JSON report (its `json` reporter) this module reads and writes. */
export interface VitestReport {
  numTotalTestSuites: number;
  numPassedTestSuites: number;
  numFailedTestSuites: number;
  numPendingTestSuites: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  startTime: number;
  success: boolean;
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

const counts = [
  'numTotalTestSuites',
  'numPassedTestSuites',
  'numFailedTestSuites',
  'numPendingTestSuites',
  'numTotalTests',
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numTodoTests',
] as const;

/** One report of several: counts added, the earliest start, success only if every one succeeded. */
export function mergeReports(reports: VitestReport[]): VitestReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('No report to merge');
  const merged: VitestReport = { ...first, testResults: [...first.testResults] };
  for (const report of rest) {
    for (const key of counts) merged[key] += report[key];
    merged.startTime = Math.min(merged.startTime, report.startTime);
    merged.success &&= report.success;
    merged.testResults.push(...report.testResults);
  }
  return merged;
}

export type Layer = 'unit' | 'integration' | 'tooling' | 'e2e';

/** A file's layer by the names vitest.config.ts gives each project's files. */
export function layerOf(file: string): Layer {
  if (/(^|\/)e2e\/.*\.e2e\.test\.ts$/.test(file)) return 'e2e';
  if (file.endsWith('.integration.test.ts')) return 'integration';
  if (/(^|\/)scripts\//.test(file)) return 'tooling';
  return 'unit';
}

export interface LaneTime {
  name: string;
  seconds: number;
}

/** The lines `npm test` prints after the tests: lanes' wall time, layers' shares, the slowest files. */
export function describeTimes(
  report: VitestReport,
  lanes: LaneTime[],
  options: { root: string; slowest?: number },
): string[] {
  const files = report.testResults.map((result) => ({
    file: result.name.startsWith(options.root) ? result.name.slice(options.root.length) : result.name,
    seconds: Math.max(0, result.endTime - result.startTime) / 1000,
  }));
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  const layers = new Map<Layer, { files: number; seconds: number }>();
  for (const file of files) {
    const layer = layers.get(layerOf(file.file)) ?? { files: 0, seconds: 0 };
    layer.files += 1;
    layer.seconds += file.seconds;
    layers.set(layerOf(file.file), layer);
  }
  const seconds = (value: number) => `${value.toFixed(1).padStart(7)} s`;
  const lines = [`Wall time: ${lanes.map((lane) => `${lane.name} ${lane.seconds.toFixed(0)} s`).join(', ')}`];
  lines.push('Time in test files, by layer (files run side by side, so their sum exceeds the wall time):');
  for (const [layer, { files: count, seconds: spent }] of [...layers].sort(
    (a, b) => b[1].seconds - a[1].seconds,
  )) {
    const share = total > 0 ? Math.round((spent / total) * 100) : 0;
    lines.push(`  ${layer.padEnd(12)}${String(count).padStart(5)} files ${seconds(spent)}  ${share}%`);
  }
  lines.push(`Slowest ${options.slowest ?? 10} files:`);
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, options.slowest ?? 10)) {
    lines.push(`  ${seconds(file.seconds)}  ${file.file}`);
  }
  return lines;
}
