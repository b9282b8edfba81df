import { smsOutbox } from '@vet/db/schema/reminders';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/**
 * `portal-admin retention run` (decision 0119): the daily job by hand, on a database of its own (it takes
 * every due row of the database). It prints counts per kind, never a row's content.
 */
const database = useOwnDatabase('retention_command');
const longAgo = new Date(Date.now() - 400 * 86_400_000);

describe('portal-admin retention run', () => {
  it('with --dry-run counts what is due and changes nothing; without, applies it', async () => {
    const { db, url } = database.current;
    await db.insert(smsOutbox).values([
      { toNumber: '+447700900123', body: 'Rex is due', status: 'sent', createdAt: longAgo },
      { toNumber: '+447700900123', body: 'Rex is due', status: 'pending', createdAt: longAgo },
    ]);
    const counted = await runInProcess(['retention', 'run', '--dry-run'], productionSettings(url));
    expect(counted, counted.stderr).toMatchObject({ status: 0, stderr: '' });
    expect(counted.stdout).toMatch(/^sms +1 due to be deleted, kept 365 days$/m);
    expect(counted.stdout).toMatch(/^1 rows due; nothing was changed\.$/m);
    expect(await db.select({ id: smsOutbox.id }).from(smsOutbox)).toHaveLength(2);

    const applied = await runInProcess(['retention', 'run'], productionSettings(url));
    expect(applied).toMatchObject({ status: 0, stderr: '' });
    expect(applied.stdout).toMatch(/^sms +1 deleted, kept 365 days$/m);
    expect(applied.stdout).not.toMatch(/447700900123|Rex/);
    expect(await db.select({ status: smsOutbox.status }).from(smsOutbox)).toEqual([{ status: 'pending' }]);
  });

  it('refuses an argument it does not know', async () => {
    const refused = await runInProcess(['retention', 'run', 'now'], productionSettings(database.current.url));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Usage: portal-admin retention run [--dry-run]');
  });
});
