import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../shared/paths.ts';
import { e2eProject, laneArguments, otherProjects } from './lanes.ts';
import { describeTimes, layerOf, mergeReports, type VitestReport } from './results.ts';

const report = (files: [string, number][], overrides: Partial<VitestReport> = {}): VitestReport => ({
  numTotalTestSuites: files.length,
  numPassedTestSuites: files.length,
  numFailedTestSuites: 0,
  numPendingTestSuites: 0,
  numTotalTests: files.length * 2,
  numPassedTests: files.length * 2,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  startTime: 1_000,
  success: true,
  testResults: files.map(([name, ms]) => ({
    name: `/repo/${name}`,
    startTime: 0,
    endTime: ms,
    status: 'passed',
  })),
  ...overrides,
});

describe("npm test's lanes", () => {
  it('runs the end-to-end files beside the rest when nothing is named, keeping the reporter people read', () => {
    const { lanes, jsonReport } = laneArguments(
      ['--reporter=default', '--reporter=json', '--outputFile.json=.data/test-results.json'],
      '/run',
    );
    expect(jsonReport).toBe('.data/test-results.json');
    expect(lanes.map((lane) => lane.args)).toEqual([
      [
        '--project',
        'e2e',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=/run/report-end-to-end.json',
      ],
      [
        ...['--project', 'unit', '--project', 'integration', '--project', 'integration-isolated'],
        ...['--project', 'tooling'],
        ...['--reporter=default', '--reporter=json', '--outputFile.json=/run/report-the rest.json'],
      ],
    ]);
  });

  it('runs one lane as given when a project or a file is named', () => {
    expect(laneArguments(['--project', 'unit'], '/run').lanes).toHaveLength(1);
    const { lanes } = laneArguments(['apps/api/src/app.test.ts', '--reporter', 'json'], '/run');
    expect(lanes[0]?.args).toEqual([
      'apps/api/src/app.test.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=/run/report-tests.json',
    ]);
  });

  it('leaves no project of vitest.config.ts out of the two lanes', () => {
    const config = readFileSync(join(repoRoot, 'vitest.config.ts'), 'utf8');
    const names = [...config.matchAll(/\bname: '([a-z0-9-]+)'/g)].map((match) => match[1]);
    expect(names.sort()).toEqual([e2eProject, ...otherProjects].sort());
  });
});

describe('where the time went', () => {
  it('merges the lanes: counts added, the earliest start, failed if any lane failed', () => {
    const merged = mergeReports([
      report([['a.test.ts', 10]]),
      report([['e2e/b.e2e.test.ts', 20]], { startTime: 500, success: false, numFailedTests: 1 }),
    ]);
    expect(merged).toMatchObject({ numTotalTests: 4, numFailedTests: 1, startTime: 500, success: false });
    expect(merged.testResults.map((result) => result.name)).toEqual([
      '/repo/a.test.ts',
      '/repo/e2e/b.e2e.test.ts',
    ]);
  });

  it('tells the layers by the config’s file names', () => {
    expect(layerOf('e2e/booking.e2e.test.ts')).toBe('e2e');
    expect(layerOf('apps/api/src/app.integration.test.ts')).toBe('integration');
    expect(layerOf('scripts/rolling-deploy.integration.test.ts')).toBe('integration');
    expect(layerOf('scripts/lib/test-run/results.test.ts')).toBe('tooling');
    expect(layerOf('apps/web/src/shell/nav.test.tsx')).toBe('unit');
  });

  it('prints the lanes, each layer’s share and the slowest files first', () => {
    const lines = describeTimes(
      report([
        ['apps/api/src/a.test.ts', 1_000],
        ['e2e/b.e2e.test.ts', 6_000],
        ['apps/api/src/c.integration.test.ts', 3_000],
      ]),
      [{ name: 'end-to-end', seconds: 61.4 }],
      { root: '/repo/', slowest: 2 },
    );
    expect(lines).toEqual([
      'Wall time: end-to-end 61 s',
      'Time in test files, by layer (files run side by side, so their sum exceeds the wall time):',
      '  e2e             1 files     6.0 s  60%',
      '  integration     1 files     3.0 s  30%',
      '  unit            1 files     1.0 s  10%',
      'Slowest 2 files:',
      '      6.0 s  e2e/b.e2e.test.ts',
      '      3.0 s  apps/api/src/c.integration.test.ts',
    ]);
  });
});
