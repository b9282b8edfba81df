import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase, type ScratchDatabase } from '@vet/db/scratch-database';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkOutRelease, newestMigration, previousRelease } from './lib/rolling-deploy/previous-release.ts';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * A rolling deploy runs migration N while the instances of release N−1 still serve (decision 0125). This
 * takes N−1 from the git history (the commit before the newest migration came), migrates a database to N
 * with this checkout's migrate step, and runs N−1's own tests of a client's booking flow (slots, book,
 * list) on it: N−1's API, factories and queries against N's schema.
 */
const bookingFlow = [
  'apps/api/src/appointments/booking/slots.integration.test.ts',
  'apps/api/src/appointments/booking/booking.integration.test.ts',
  'apps/api/src/appointments/client-routes/appointments.integration.test.ts',
];

/** N−1's own vitest config, with its integration project given the database migrated to N. */
const rollingConfig = `import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';
const integration = base.test.projects.find((project) => project.test?.name === 'integration');
export default defineConfig({
  ...base,
  test: { ...base.test, projects: [{ ...integration, test: { ...integration.test, globalSetup: ['./rolling-setup.ts'] } }] },
});
`;
const rollingSetup = `export default function setup(project) {
  project.provide('databaseUrl', process.env.ROLLING_DATABASE_URL);
}
`;

const run = promisify(execFile);
const release = previousRelease();
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('a rolling deploy: migration N while release N−1 serves', () => {
  const name =
    'commit' in release
      ? `N−1 (${release.commit.slice(0, 8)}, before ${release.tag}) books and lists on a database migrated to N`
      : `N−1 books on N's schema (skipped: ${release.reason})`;

  it.skipIf(!('commit' in release))(name, { timeout: 600_000 }, async () => {
    if (!('commit' in release)) return;
    const serverUrl = new URL(inject('databaseUrl'));
    serverUrl.pathname = '/postgres';
    const database: ScratchDatabase = await createScratchDatabase(serverUrl.toString(), 'portal_rolling');
    cleanup.push(() => database.drop());

    const dir = mkdtempSync(path.join(tmpdir(), 'portal-previous-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    checkOutRelease(release.commit, dir);
    expect(newestMigration(dir)).not.toBe(release.tag);
    for (const file of bookingFlow) expect(existsSync(path.join(dir, file)), `${file} in N−1`).toBe(true);
    writeFileSync(path.join(dir, 'vitest.rolling.config.ts'), rollingConfig);
    writeFileSync(path.join(dir, 'rolling-setup.ts'), rollingSetup);

    // The outer run's own vitest variables would make the inner run think it is one of its workers.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
    const vitest = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
    const args = [
      'run',
      '--config',
      'vitest.rolling.config.ts',
      '--reporter=json',
      '--outputFile=result.json',
    ];
    const outcome = await run(process.execPath, [vitest, ...args, ...bookingFlow], {
      cwd: dir,
      env: { ...env, ROLLING_DATABASE_URL: database.url },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: Error & { stderr?: string }) => error);

    const result = JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: {
        name: string;
        status: string;
        assertionResults: { fullName: string; status: string }[];
      }[];
    };
    const failed = result.testResults.flatMap((file) =>
      file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
    );
    expect(failed, outcome instanceof Error ? outcome.stderr?.slice(-4000) : undefined).toEqual([]);
    expect(result.testResults.map((file) => path.relative(dir, file.name)).sort()).toEqual(
      [...bookingFlow].sort(),
    );
    expect(result.numPassedTests).toBeGreaterThan(10);
    expect(outcome).not.toBeInstanceOf(Error);
  });
});
