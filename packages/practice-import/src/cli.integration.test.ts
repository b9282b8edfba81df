import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from './testing/export-directory.ts';
import { seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** `npm run import -- <args>` as a process of its own: its exit status and what it printed. */
function runCli(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    const { DATABASE_URL: _, ...inherited } = process.env;
    execFile(tsx, [cli, ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

describe('npm run import', () => {
  it('exits 0 when every row applied, 1 when some were refused, 2 when it could not run', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    const applied = await runCli([directory], { DATABASE_URL: database.url });
    expect(applied.status).toBe(0);
    expect(applied.stdout).toMatch(/^clients\.csv: 2 rows read in \d+\.\d s \([\d,]+ rows\/s\)$/m);
    expect(applied.stdout).toMatch(/^clients\.csv\s+2\s+0\s+0$/m);

    const dryRun = await runCli([directory, '--dry-run'], { DATABASE_URL: database.url });
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toContain('Dry run: nothing was written.');

    const clients = group.files['clients.csv'].map((c) => ({ ...c, postcode: 'NOT A CODE' }));
    const refused = await runCli([await exportDirectory({ 'clients.csv': clients })], {
      DATABASE_URL: database.url,
    });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/^ {2}clients\.csv line 2, postcode: /m);

    const noDatabase = await runCli([directory], { DATABASE_URL: undefined });
    expect(noDatabase.status).toBe(2);
    expect(noDatabase.stderr).toContain('DATABASE_URL is not set');
    const noDirectory = await runCli([], { DATABASE_URL: database.url });
    expect(noDirectory.status).toBe(2);
    // Five processes of their own on a shared two-core machine.
  }, 120_000);
});
