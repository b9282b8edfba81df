import { defaultRetentionPeriods } from '../../config/retention.ts';
import { applyRetentionTask } from '../../platform/index.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailWorkerPlugin } from './email-worker-plugin.ts';

/**
 * REMINDERS (decision 0085): on, the API's queue schedules the reminders' look-ups every minute; off, it
 * schedules none. RETENTION (decision 0119) likewise schedules the daily retention job or not. The queue records each schedule line it runs under (graphile-worker's known crontabs).
 */
const database = useOwnDatabase('reminders_switch_test');

async function scheduledWith(reminders: boolean, retention = false): Promise<string[]> {
  // Only this start's lines: the table keeps those of earlier starts.
  await database.current.pool
    .query('delete from graphile_worker._private_known_crontabs')
    .catch(() => undefined);
  const startedAt = new Date(Date.now() - 1000);
  const app = Fastify();
  await app.register(emailWorkerPlugin, {
    databaseUrl: database.current.url,
    smtpUrl: undefined,
    mailFrom: 'no-reply@harbourvets.example',
    brandName: 'Harbour Vets',
    portalUrl: 'http://localhost:3000',
    verificationCodePepper: 'a-test-pepper-of-at-least-thirty-two-characters',
    reminders,
    retention: { enabled: retention, periods: defaultRetentionPeriods, batchSize: 500, pauseMs: 0 },
  });
  await app.ready();
  try {
    // The queue records its schedule lines all at once, soon after it starts.
    const known = async () =>
      (
        await database.current.pool.query<{ identifier: string }>(
          'select identifier from graphile_worker._private_known_crontabs where known_since >= $1',
          [startedAt],
        )
      ).rows.map((row) => row.identifier);
    await expect.poll(async () => (await known()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    return await known();
  } finally {
    await app.close();
  }
}

describe('REMINDERS', () => {
  it('off schedules no reminder look-ups; on schedules both', async () => {
    const off = await scheduledWith(false);
    expect(off.some((identifier) => identifier.includes('reminders'))).toBe(false);
    expect(off.length).toBeGreaterThan(0);
    const on = await scheduledWith(true);
    expect(on).toEqual(
      expect.arrayContaining(['queue-appointment-reminders', 'queue-vaccination-reminders']),
    );
  });
});

describe('RETENTION', () => {
  it('on schedules the daily retention job; off does not', async () => {
    expect(await scheduledWith(false, true)).toContain(applyRetentionTask);
    expect(await scheduledWith(false, false)).not.toContain(applyRetentionTask);
  });
});
