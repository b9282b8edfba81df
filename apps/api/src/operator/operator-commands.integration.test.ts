import { dirname, basename } from 'node:path';
import { removeEndpoint } from '@vet/practice-events/endpoints-repository';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { exportDirectory } from '@vet/practice-import/testing/export-directory';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import { beforeAll, describe, expect, it } from 'vitest';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/**
 * What `npm run import` and `npm run events` did before they became the operator's command's (decision
 * 0097), checked where they now live: the same outputs and exit statuses.
 */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

describe('portal-admin import', () => {
  it('exits 0 when every row applied, 1 when some were refused, 2 when it could not run', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    const settings = productionSettings(database.url, { invocationDirectory: dirname(directory) });
    // A relative directory means from where the command was typed.
    const applied = await runInProcess(['import', basename(directory)], settings);
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/^clients\.csv: 2 rows read in \d+\.\d s \([\d,]+ rows\/s\)$/m);
    expect(applied.stdout).toMatch(/^clients\.csv\s+2\s+0\s+0$/m);

    const dryRun = await runInProcess(['import', directory, '--dry-run'], settings);
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toContain('Dry run: nothing was written.');

    const clients = group.files['clients.csv'].map((c) => ({ ...c, postcode: 'NOT A CODE' }));
    const refused = await runInProcess(
      ['import', await exportDirectory({ 'clients.csv': clients })],
      settings,
    );
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/^ {2}clients\.csv line 2, postcode: /m);
    expect(refused.stdout).not.toContain('NOT A CODE');

    const noDirectory = await runInProcess(['import'], settings);
    expect(noDirectory).toMatchObject({ status: 2, stdout: '' });
    expect(noDirectory.stderr).toBe(
      'Give exactly one export directory.\n' +
        'Usage: portal-admin import <directory> [--dry-run] [--report <file>] [--follow-links]\n',
    );
    const badOption = await runInProcess(['import', directory, '--report'], settings);
    expect(badOption).toMatchObject({ status: 2, stdout: '' });
  }, 60_000);
});

describe('portal-admin endpoints', () => {
  it('seals with production’s keys only: refused without WEBHOOK_SECRET_KEYS, the secret printed once with them', async () => {
    const name = `operator-${Math.random().toString(36).slice(2, 8)}`;
    const args = ['endpoints', 'add', name, 'https://pms.example/events'];
    try {
      const unsealed = await runInProcess(args, productionSettings(database.url));
      expect(unsealed).toMatchObject({ status: 2, stderr: '' });
      expect(unsealed.stdout).toMatch(/^Not added: WEBHOOK_SECRET_KEYS is required in production/);
      const key = `k1:${Buffer.alloc(32, 3).toString('base64')}`;
      const added = await runInProcess(args, productionSettings(database.url, { webhookSecretKeys: key }));
      expect(added).toMatchObject({ status: 0, stderr: '' });
      expect(added.stdout).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/m);
    } finally {
      await removeEndpoint(database.db, name);
    }
  });

  it('needs a database and good settings, and says which is missing', async () => {
    const noDatabase = await runInProcess(['failed'], productionSettings(''));
    expect(noDatabase).toMatchObject({ status: 2, stdout: '' });
    expect(noDatabase.stderr).toBe('DATABASE_URL is not set: it names the portal’s database.\n');
    const badSettings = await runInProcess(['failed'], { problem: 'Invalid configuration; …' });
    expect(badSettings).toEqual({ status: 2, stdout: '', stderr: 'Invalid configuration; …\n' });
  });
});
