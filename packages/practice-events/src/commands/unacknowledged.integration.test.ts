import { appointments } from '@vet/db/schema/appointments';
import {
  createAppointment,
  createClient,
  createClinician,
  createPet,
  createPractice,
  createReason,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUnacknowledgedCommand, listUnacknowledged, unacknowledgedCommand } from './unacknowledged.ts';
import { productionUrlRule, testSecretKeys } from '../testing/secret-keys.ts';

/** Decision 0067: online records still without the practice system's reference, for staff to chase. */
const { db } = useTestDatabase();

const now = new Date();
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const unique = () => crypto.randomUUID().slice(0, 8);
const marker = `Unack${unique()}`;

/** The test's records: which of them each age should list. */
const ids = {} as Record<
  | 'oldClient'
  | 'newClient'
  | 'acknowledgedClient'
  | 'unlinkedClient'
  | 'oldPet'
  | 'acknowledgedPet'
  | 'bookedAppointment'
  | 'cancelledAppointment'
  | 'acknowledgedAppointment'
  | 'deskAppointment',
  number
>;

async function client(createdAt: Date, values: { linked?: boolean; pmsRef?: string } = {}) {
  const practice = await createPractice(db);
  const row = await createClient(db, {
    homePracticeId: practice.id,
    firstName: marker,
    email: `${marker.toLowerCase()}-${unique()}@example.test`,
    identityIssuer: values.linked === false ? null : 'https://issuer.test',
    identitySubject: values.linked === false ? null : `subject-${unique()}`,
    pmsRef: values.pmsRef ?? null,
    createdAt,
  });
  return row;
}

let slot = 0;

async function appointment(
  owner: { id: number; homePracticeId: number },
  petId: number,
  values: Partial<typeof appointments.$inferInsert>,
) {
  const clinician = await createClinician(db, { practiceId: owner.homePracticeId });
  const reason = await createReason(db);
  // A day apart: a pet has one appointment at a time.
  slot += 1;
  const startsAt = new Date(now.getTime() + (7 + slot) * 86_400_000);
  const row = await createAppointment(db, {
    practiceId: owner.homePracticeId,
    clinicianId: clinician.id,
    clientId: owner.id,
    petId,
    reasonId: reason.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 15 * 60_000),
  });
  await db
    .update(appointments)
    .set({ createdAt: hoursAgo(48), ...values })
    .where(eq(appointments.id, row.id));
  return row.id;
}

beforeAll(async () => {
  const old = await client(hoursAgo(48));
  ids.oldClient = old.id;
  ids.newClient = (await client(hoursAgo(1))).id;
  ids.acknowledgedClient = (await client(hoursAgo(48), { pmsRef: `C-${unique()}` })).id;
  ids.unlinkedClient = (await client(hoursAgo(48), { linked: false })).id;
  const pet = await createPet(db, { clientId: old.id, name: marker, createdAt: hoursAgo(30) });
  ids.oldPet = pet.id;
  ids.acknowledgedPet = (
    await createPet(db, { clientId: old.id, pmsRef: `P-${unique()}`, createdAt: hoursAgo(48) })
  ).id;
  ids.bookedAppointment = await appointment(old, pet.id, {});
  ids.cancelledAppointment = await appointment(old, pet.id, { status: 'Cancelled', cancelledAt: now });
  ids.acknowledgedAppointment = await appointment(old, pet.id, { pmsRef: `A-${unique()}` });
  ids.deskAppointment = await appointment(old, pet.id, { source: 'Practice', pmsRef: `A-${unique()}` });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Runs the command at the test's clock; its output, and its rows split into columns. */
async function run(args: string[], command = createUnacknowledgedCommand(() => now)) {
  const lines: string[] = [];
  const status = await command.run(args, {
    db,
    out: (line) => lines.push(line),
    secretKeys: testSecretKeys,
    endpointUrlRule: productionUrlRule,
  });
  const rows = lines
    .filter((line) => /^(client|pet|appointment) /.test(line))
    .map((line) => {
      const [kind, id, createdAt, ...age] = line.trim().split(/\s+/);
      return { kind, id: Number(id), createdAt, age: age.join(' ') };
    });
  return { status, lines, rows };
}

const listed = (rows: { kind?: string; id: number }[], kind: string) =>
  rows.filter((row) => row.kind === kind).map((row) => row.id);

describe('listUnacknowledged', () => {
  it('finds linked clients, pets, and booked online appointments without a reference, older than the time', async () => {
    const found = await listUnacknowledged(db, { olderThan: hoursAgo(24) });
    const mine = new Set(Object.values(ids));
    const ours = found.filter((record) => mine.has(record.id));

    expect(listed(ours, 'client')).toEqual([ids.oldClient]);
    expect(listed(ours, 'pet')).toEqual([ids.oldPet]);
    expect(listed(ours, 'appointment')).toEqual([ids.bookedAppointment]);
  });
});

describe('npm run events -- unacknowledged', () => {
  it('prints kind, portal id, created at and age of each, and a count per kind, nothing personal', async () => {
    const { status, lines, rows } = await run(['--older-than', '24h']);

    expect(status).toBe(0);
    expect(rows).toContainEqual({
      kind: 'client',
      id: ids.oldClient,
      createdAt: hoursAgo(48).toISOString(),
      age: '2d 0h',
    });
    expect(rows).toContainEqual({
      kind: 'pet',
      id: ids.oldPet,
      createdAt: hoursAgo(30).toISOString(),
      age: '1d 6h',
    });
    expect(listed(rows, 'appointment')).toContain(ids.bookedAppointment);
    for (const id of [ids.newClient, ids.acknowledgedClient, ids.unlinkedClient])
      expect(listed(rows, 'client')).not.toContain(id);
    expect(listed(rows, 'pet')).not.toContain(ids.acknowledgedPet);
    for (const id of [ids.cancelledAppointment, ids.acknowledgedAppointment, ids.deskAppointment])
      expect(listed(rows, 'appointment')).not.toContain(id);

    const counts = `clients ${listed(rows, 'client').length}, pets ${listed(rows, 'pet').length}, appointments ${listed(rows, 'appointment').length}, payments ${listed(rows, 'payment').length}`;
    expect(lines.at(-1)).toBe(`Unacknowledged after 24h: ${counts}`);
    expect(lines.join('\n').toLowerCase()).not.toContain(marker.toLowerCase());
  });

  it('takes the time as 30m, 48h or 7d', async () => {
    expect(listed((await run(['--older-than', '30m'])).rows, 'client')).toContain(ids.newClient);
    expect(listed((await run(['--older-than', '48h'])).rows, 'client')).not.toContain(ids.oldClient);
    expect(listed((await run(['--older-than', '47h'])).rows, 'client')).toContain(ids.oldClient);
    expect(listed((await run(['--older-than', '7d'])).rows, 'pet')).not.toContain(ids.oldPet);
  });

  it('defaults to UNACKNOWLEDGED_AFTER, else 24h', async () => {
    vi.stubEnv('UNACKNOWLEDGED_AFTER', '30m');
    const fromEnv = await run([]);
    vi.stubEnv('UNACKNOWLEDGED_AFTER', '');
    const byDefault = await run([]);

    expect(listed(fromEnv.rows, 'client')).toContain(ids.newClient);
    expect(fromEnv.lines.at(-1)).toMatch(/^Unacknowledged after 30m: /);
    expect(listed(byDefault.rows, 'client')).not.toContain(ids.newClient);
    expect(listed(byDefault.rows, 'client')).toContain(ids.oldClient);
    expect(byDefault.lines.at(-1)).toMatch(/^Unacknowledged after 24h: /);
  });

  it('refuses a time it cannot read (1), and a bad UNACKNOWLEDGED_AFTER (2), naming it', async () => {
    const badArgument = await run(['--older-than', 'tomorrow']);
    const unknownOption = await run(['--since', '24h']);
    vi.stubEnv('UNACKNOWLEDGED_AFTER', 'a day');
    const badSetting = await run([]);

    expect([badArgument.status, unknownOption.status, badSetting.status]).toEqual([1, 1, 2]);
    expect(badArgument.lines).toEqual([expect.stringMatching(/^--older-than takes .*24h/)]);
    expect(badSetting.lines).toEqual([expect.stringMatching(/^UNACKNOWLEDGED_AFTER must be /)]);
  });

  it('is exported as the CLI lists it', () => {
    expect(unacknowledgedCommand.name).toBe('unacknowledged');
    expect(unacknowledgedCommand.usage).toContain('--older-than');
  });
});
