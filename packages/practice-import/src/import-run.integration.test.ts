import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from './run-import.ts';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const allApplied = (group: ReturnType<typeof testGroup>) =>
  Object.entries(group.files).map(([file, rows]) => ({
    file,
    applied: rows.length,
    unchanged: 0,
    refused: 0,
  }));

async function stored(tag: string) {
  const { rows } = await database.pool.query<{ table: string; row: Record<string, unknown> }>(
    `select 'clients' as table, to_jsonb(c) as row from clients c where pms_ref like $1
     union all select 'pets', to_jsonb(p) from pets p where pms_ref like $1
     union all select 'appointments', to_jsonb(a) from appointments a where pms_ref like $1
     union all select 'vaccinations', to_jsonb(v) from vaccinations v where pms_ref like $1
     union all select 'reservations', to_jsonb(r) from clinician_reservations r
       join appointments a on a.id = r.appointment_id where a.pms_ref like $1
     order by 1, 2`,
    [`%-${tag}-%`],
  );
  return rows;
}

describe('importing a practice group', () => {
  it('applies every row of a valid export, then finds every row unchanged and writes nothing', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);

    const first = await importDirectory(database.url, directory);
    expect(first.exitCode).toBe(0);
    expect(first.refusals).toEqual([]);
    expect(first.files.map(({ seconds: _, ...counts }) => counts)).toEqual(allApplied(group));
    const before = await stored(group.tag);

    const second = await importDirectory(database.url, directory);
    expect(second.exitCode).toBe(0);
    expect(second.files.map((f) => [f.file, f.applied, f.unchanged, f.refused])).toEqual(
      Object.entries(group.files).map(([file, rows]) => [file, 0, rows.length, 0]),
    );
    // Not one row rewritten: every updated_at (and every other column) as the first run left it.
    expect(await stored(group.tag)).toEqual(before);
  });

  it('stores what the files say, resolved to the portal ids, as practice bookings', async () => {
    const group = testGroup();
    await importDirectory(database.url, await exportDirectory(group.files));
    const { rows: appointments } = await database.pool.query(
      `select a.pms_ref, a.source, a.status, p.pms_ref as pet, c.pms_ref as client, r.practice_lane
         from appointments a join pets p on p.id = a.pet_id join clients c on c.id = a.client_id
         left join clinician_reservations r on r.appointment_id = a.id
        where a.pms_ref like $1 order by a.pms_ref`,
      [`%-${group.tag}-%`],
    );
    expect(appointments).toEqual([
      {
        pms_ref: group.ref('APT', 1),
        source: 'Practice',
        status: 'Completed',
        pet: group.ref('PET', 1),
        client: group.ref('CLI', 1),
        practice_lane: null,
      },
      {
        pms_ref: group.ref('APT', 2),
        source: 'Practice',
        status: 'Completed',
        pet: group.ref('PET', 2),
        client: group.ref('CLI', 1),
        practice_lane: null,
      },
      // Only a Booked appointment still to come holds its clinician's time, in the practice's lane.
      {
        pms_ref: group.ref('APT', 3),
        source: 'Practice',
        status: 'Booked',
        pet: group.ref('PET', 1),
        client: group.ref('CLI', 1),
        practice_lane: true,
      },
      {
        pms_ref: group.ref('APT', 4),
        source: 'Practice',
        status: 'Cancelled',
        pet: group.ref('PET', 3),
        client: group.ref('CLI', 2),
        practice_lane: null,
      },
    ]);
    const { rows: pets } = await database.pool.query<{ pms_ref: string; awaiting: boolean }>(
      `select pms_ref, awaiting_initial_consultation as awaiting from pets where pms_ref like $1 order by pms_ref`,
      [`%-${group.tag}-%`],
    );
    // Pickle's file says awaiting, but its Completed initial consultation (APT 2) ended that.
    expect(pets).toEqual([
      { pms_ref: group.ref('PET', 1), awaiting: false },
      { pms_ref: group.ref('PET', 2), awaiting: false },
      { pms_ref: group.ref('PET', 3), awaiting: false },
    ]);
    const { rows: rota } = await database.pool.query(
      `select s.day_of_week, to_char(s.starts_at, 'HH24:MI') as starts, string_agg(to_char(b.starts_at, 'HH24:MI'), ',') as breaks
         from clinician_rota_shifts s join clinicians c on c.id = s.clinician_id
         left join clinician_rota_breaks b on b.shift_id = s.id
        where c.pms_ref = $1 group by s.id order by s.day_of_week`,
      [group.ref('CLIN', 1)],
    );
    expect(rota).toEqual(
      [1, 2, 3, 4, 5].map((day) => ({ day_of_week: day, starts: '08:30', breaks: '12:30' })),
    );
    const { rows: settings } = await database.pool.query(
      `select f.feature_key, f.value from practice_feature_settings f join practices p on p.id = f.practice_id
        where p.pms_ref = $1 order by 1`,
      [group.ref('PRAC', 1)],
    );
    expect(settings).toEqual([
      { feature_key: 'Online Booking Enabled', value: 'True' },
      { feature_key: 'online-register-pet-enabled', value: 'True' },
    ]);
  });

  it('applies only what changed on a later run: an edited row, a rota replaced, a booking cancelled', async () => {
    const group = testGroup();
    await importDirectory(database.url, await exportDirectory(group.files));
    const files = {
      ...group.files,
      'clients.csv': group.files['clients.csv'].map((c, i) => (i === 1 ? { ...c, town: 'Leeds' } : c)),
      'rota_shifts.csv': group.files['rota_shifts.csv'].filter(
        (s) => s.clinician_ref !== group.ref('CLIN', 2) || s.day_of_week !== '5',
      ),
      'appointments.csv': group.files['appointments.csv'].map((a) =>
        a.appointment_ref === group.ref('APT', 3) ? { ...a, status: 'Cancelled' } : a,
      ),
    };
    const later = await importDirectory(database.url, await exportDirectory(files));
    expect(later.exitCode).toBe(0);
    expect(later.counts('clients.csv')).toEqual({ applied: 1, unchanged: 1, refused: 0 });
    // A rota is replaced whole: the clinician's four remaining shifts are written again.
    expect(later.counts('rota_shifts.csv')).toEqual({ applied: 4, unchanged: 5, refused: 0 });
    expect(later.counts('appointments.csv')).toEqual({ applied: 1, unchanged: 3, refused: 0 });
    const { rows } = await database.pool.query(
      `select a.status, a.cancelled_at is not null as cancelled, r.id as reservation,
              (select count(*)::int from clinician_rota_shifts s join clinicians c on c.id = s.clinician_id where c.pms_ref = $2) as shifts
         from appointments a left join clinician_reservations r on r.appointment_id = a.id where a.pms_ref = $1`,
      [group.ref('APT', 3), group.ref('CLIN', 2)],
    );
    expect(rows).toEqual([{ status: 'Cancelled', cancelled: true, reservation: null, shifts: 4 }]);
  });

  it('applies the same with every foreign-key check when its role may not switch them off', async () => {
    const group = testGroup();
    const role = `importer_${group.tag.toLowerCase()}`;
    const { rows } = await database.pool.query<{ db: string }>('select current_database() as db');
    await database.pool.query(`create role ${role} login password 'import'`);
    try {
      await database.pool.query(`grant usage on schema public to ${role};
        grant select, insert, update, delete on all tables in schema public to ${role};
        grant usage, select, update on all sequences in schema public to ${role};
        grant temporary on database ${rows[0]?.db} to ${role}`);
      const url = new URL(database.url);
      [url.username, url.password] = [role, 'import'];
      const result = await importDirectory(url.toString(), await exportDirectory(group.files));
      expect(result.exitCode).toBe(0);
      expect(result.files.map(({ seconds: _, ...counts }) => counts)).toEqual(allApplied(group));
    } finally {
      await database.pool.query(`drop owned by ${role}; drop role ${role}`);
    }
  });

  it('reports in a dry run exactly what the import would write, and writes nothing', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    const report = join(tmpdir(), `dry-run-${group.tag}.json`);
    const dry = await importDirectory(database.url, directory, { dryRun: true, reportFile: report });
    expect(dry.exitCode).toBe(0);
    expect(dry.output).toContain('Dry run: nothing was written.');
    expect(await stored(group.tag)).toEqual([]);
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from practices where pms_ref = $1`,
      [group.ref('PRAC', 1)],
    );
    expect(rows).toEqual([{ n: 0 }]);
    const real = await importDirectory(database.url, directory);
    expect(real.files.map(({ seconds: _, ...c }) => c)).toEqual(dry.files.map(({ seconds: _, ...c }) => c));
    const written = JSON.parse(await readFile(report, 'utf8')) as ImportResult & { dryRun: boolean };
    expect(written).toMatchObject({ dryRun: true, exitCode: 0, refusals: [] });
    expect(written.files.map((f) => f.applied)).toEqual(real.files.map((f) => f.applied));
  });
});
