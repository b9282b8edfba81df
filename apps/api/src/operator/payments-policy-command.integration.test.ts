import { createPractice, createReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { penceOfPounds } from './payments-policy-command.ts';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/**
 * `portal-admin payments policy set|clear|list` (issue 64, decision 0158): the operator's booking payments,
 * by the portal's ids, amounts in pounds taken as whole pence exactly.
 */
const database = useTestDatabase();
const admin = (...argv: string[]) =>
  runInProcess(['payments', 'policy', ...argv], productionSettings(database.url));

describe('portal-admin payments policy', () => {
  it('sets a deposit and a card hold, lists them, clears one; refuses a fraction of a penny and unknown ids', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const practice = await createPractice(database.db, { pmsRef: `PR-POL-${tag}` });
    const consult = await createReason(database.db, { name: `Consultation ${tag}` });
    const dental = await createReason(database.db, { name: `Dental check ${tag}` });
    const key = (reasonId: number) => ['--practice', String(practice.id), '--reason', String(reasonId)];

    const deposit = await admin('set', ...key(consult.id), '--kind', 'deposit', '--amount', '20.00');
    const hold = await admin(
      'set',
      ...key(dental.id),
      ...['--kind', 'card_hold', '--amount', '£30.5', '--applies-to', 'after_no_show'],
    );
    const fraction = await admin('set', ...key(dental.id), '--kind', 'deposit', '--amount', '20.005');
    const tooSmall = await admin('set', ...key(dental.id), '--kind', 'deposit', '--amount', '0.29');
    const unknownReason = await admin('set', ...key(2_000_000_000), '--kind', 'deposit', '--amount', '5');

    expect(deposit, deposit.stderr).toMatchObject({ status: 0, stderr: '' });
    expect(deposit.stdout).toContain(`Set: practice ${practice.id} (PR-POL-${tag}), reason ${consult.id}`);
    expect(deposit.stdout).toContain('deposit £20.00, everyone; set by the operator');
    expect(hold.status, hold.stderr).toBe(0);
    expect(fraction).toMatchObject({ status: 1, stdout: '' });
    expect(fraction.stderr).toContain('--amount is pounds to the penny');
    expect(tooSmall.stderr).toContain('whole pence from 30 to 100000');
    expect(unknownReason).toMatchObject({
      status: 1,
      stderr: 'Not set: No appointment reason has that id.\n',
    });
    const { rows } = await database.pool.query<{ reason_id: number; kind: string; amount_pence: number }>(
      'select reason_id, kind, amount_pence from booking_payment_policies where practice_id = $1 order by reason_id',
      [practice.id],
    );
    expect(rows).toEqual([
      { reason_id: consult.id, kind: 'deposit', amount_pence: 2000 },
      { reason_id: dental.id, kind: 'card_hold', amount_pence: 3050 },
    ]);

    const listed = await admin('list', '--practice', String(practice.id));
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual([
      expect.stringContaining(`Consultation ${tag}): deposit £20.00, everyone`),
      expect.stringContaining(`Dental check ${tag}): card hold £30.50, after no show`),
    ]);

    const cleared = await admin('clear', ...key(consult.id));
    const clearedAgain = await admin('clear', ...key(consult.id));
    expect([cleared.status, clearedAgain.status]).toEqual([0, 0]);
    expect(clearedAgain.stdout).toContain('Nothing to clear');
    expect((await admin('list', '--practice', String(practice.id))).stdout).not.toContain(
      `Consultation ${tag}`,
    );
    expect(await admin('list', '--practice', 'x')).toMatchObject({ status: 2 });
  });

  it('takes pounds as whole pence exactly, refusing what is not', () => {
    expect(['20', '20.5', '20.00', '£0.30', '1000.00'].map(penceOfPounds)).toEqual([
      2000, 2050, 2000, 30, 100_000,
    ]);
    expect(['20.005', '1e3', '-5', '20.', '.5', '', '20,00'].map(penceOfPounds)).toEqual(
      Array(7).fill(undefined),
    );
  });
});
