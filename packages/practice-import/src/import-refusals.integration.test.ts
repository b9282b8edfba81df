import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory, type Rows } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

describe('rows refused across files', () => {
  it('refuses a reference used twice in one file, naming the first line, and applies the first', async () => {
    const group = testGroup();
    const clients = group.files['clients.csv'];
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        'clients.csv': [...clients, { ...clients[1]!, town: 'York' }],
      }),
    );
    expect(result.exitCode).toBe(1);
    expect(refusalsOf(result)).toEqual(['clients.csv:4 client_ref: this reference is used before in line 3']);
    expect(result.counts('clients.csv')).toEqual({ applied: 2, unchanged: 0, refused: 1 });
    expect(result.counts('pets.csv')).toEqual({ applied: 3, unchanged: 0, refused: 0 });
  });

  it('refuses a reference to a record neither in the batch nor stored, and takes one that is stored', async () => {
    const group = testGroup();
    await importDirectory(database.url, await exportDirectory(group.files));
    const pets: Rows = [
      {
        pet_ref: group.ref('PET', 7),
        client_ref: group.ref('CLI', 2),
        name: 'Rolo',
        species: 'Dog',
        sex: 'Male',
      },
      {
        pet_ref: group.ref('PET', 8),
        client_ref: group.ref('CLI', 9),
        name: 'Rex',
        species: 'Dog',
        sex: 'Male',
      },
    ];
    const result = await importDirectory(database.url, await exportDirectory({ 'pets.csv': pets }));
    expect(refusalsOf(result)).toEqual([
      'pets.csv:3 client_ref: no client with this reference is stored (no clients.csv in the directory)',
    ]);
    expect(result.counts('pets.csv')).toEqual({ applied: 1, unchanged: 0, refused: 1 });
  });

  it("refuses the rows of a refused row's children, naming it, down the line", async () => {
    const group = testGroup();
    const clients = group.files['clients.csv'].map((c, i) =>
      i === 0 ? { ...c, postcode: 'NOT A CODE' } : c,
    );
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'clients.csv': clients }),
    );
    expect(result.exitCode).toBe(1);
    expect(refusalsOf(result)).toEqual([
      expect.stringMatching(/^clients\.csv:2 postcode: /),
      'pets.csv:2 client_ref: refused in clients.csv line 2',
      'pets.csv:3 client_ref: refused in clients.csv line 2',
      'appointments.csv:2 client_ref: refused in clients.csv line 2',
      'appointments.csv:2 pet_ref: refused in pets.csv line 2',
      'appointments.csv:3 client_ref: refused in clients.csv line 2',
      'appointments.csv:3 pet_ref: refused in pets.csv line 3',
      'appointments.csv:4 client_ref: refused in clients.csv line 2',
      'appointments.csv:4 pet_ref: refused in pets.csv line 2',
      'vaccinations.csv:2 pet_ref: refused in pets.csv line 2',
      'medications.csv:2 pet_ref: refused in pets.csv line 2',
    ]);
    // Everything else is applied: the other client, its pet and its appointment.
    expect(result.counts('clients.csv')).toEqual({ applied: 1, unchanged: 0, refused: 1 });
    expect(result.counts('appointments.csv')).toEqual({ applied: 1, unchanged: 0, refused: 3 });
  });

  it("refuses overlapping shifts of one clinician on one day, and that clinician's whole rota", async () => {
    const group = testGroup();
    const vet = group.ref('CLIN', 1);
    const nurse = group.ref('CLIN', 2);
    const rota: Rows = [
      // The nurse's Monday shift (line 3) ends with 2025 ...
      ...group.files['rota_shifts.csv'].map((s, i) => (i === 1 ? { ...s, valid_to: '2025-12-31' } : s)),
      // ... line 12: Monday afternoon over the vet's 08:30-17:30 shift (line 2);
      { clinician_ref: vet, day_of_week: '1', starts: '17:00', ends: '19:00', breaks: '' },
      // ... line 13: the nurse's same times from 2026: valid when line 3 is not, so no overlap.
      {
        clinician_ref: nurse,
        day_of_week: '1',
        starts: '09:00',
        ends: '13:00',
        valid_from: '2026-01-01',
        breaks: '',
      },
    ];
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'rota_shifts.csv': rota }),
    );
    const refusals = refusalsOf(result);
    expect(refusals[0]).toBe(
      "rota_shifts.csv:2 -: a clinician's rota is applied whole, and line 12 is refused",
    );
    expect(refusals).toContain(
      "rota_shifts.csv:12 -: overlaps the same clinician's shift in line 2 (same day of the week)",
    );
    expect(refusals, refusals.join('\n')).toHaveLength(6);
    expect(result.counts('rota_shifts.csv')).toEqual({ applied: 6, unchanged: 0, refused: 6 });
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from clinician_rota_shifts s join clinicians c on c.id = s.clinician_id where c.pms_ref = $1`,
      [nurse],
    );
    expect(rows).toEqual([{ n: 6 }]);
  });

  it("refuses an appointment whose pet is not the client's, or whose clinician is another practice's", async () => {
    const group = testGroup();
    const other = {
      ...group.files['practices.csv'][0]!,
      practice_ref: group.ref('PRAC', 2),
      name: `Other ${group.tag}`,
    };
    const clinicians: Rows = [
      ...group.files['clinicians.csv'],
      {
        clinician_ref: group.ref('CLIN', 3),
        practice_ref: group.ref('PRAC', 2),
        first_name: 'Ann',
        last_name: 'Lee',
        clinician_type: 'Vet',
      },
    ];
    const appointments = group.files['appointments.csv'].map((a, i) =>
      i === 0
        ? { ...a, pet_ref: group.ref('PET', 3) }
        : i === 1
          ? { ...a, clinician_ref: group.ref('CLIN', 3) }
          : a,
    );
    const result = await importDirectory(
      database.url,
      await exportDirectory({
        ...group.files,
        'practices.csv': [...group.files['practices.csv'], other],
        'clinicians.csv': clinicians,
        'appointments.csv': appointments,
      }),
    );
    expect(refusalsOf(result)).toEqual([
      'appointments.csv:2 pet_ref: not a pet of the client named in client_ref',
      'appointments.csv:3 clinician_ref: not a clinician of the practice named in practice_ref',
    ]);
    // Both were last year's: no time still to come is left unblocked.
    expect(result.refusedDeskBookings).toBe(0);
  });

  it('says apart how many desk bookings still to come it refused: times the portal may offer', async () => {
    const group = testGroup();
    const appointments = group.files['appointments.csv'].map((a) =>
      a.status === 'Booked' ? { ...a, reason_ref: group.ref('REASON', 99) } : a,
    );
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'appointments.csv': appointments }),
    );
    expect(result.counts('appointments.csv')).toMatchObject({ refused: 1 });
    expect(result.refusedDeskBookings).toBe(1);
    expect(result.output).toContain(
      '1 desk booking still to come refused (appointments.csv, above): the portal may offer their times ' +
        'online until they are put right and imported again.',
    );
  });

  it('refuses to move a stored pet with appointments to another client', async () => {
    const group = testGroup();
    await importDirectory(database.url, await exportDirectory(group.files));
    const pets = group.files['pets.csv'].map((p, i) =>
      i < 2 ? { ...p, client_ref: group.ref('CLI', 2) } : p,
    );
    const result = await importDirectory(database.url, await exportDirectory({ 'pets.csv': pets }));
    // Bramble has appointments with its client; Pickle too (its initial consultation): both stay.
    expect(refusalsOf(result)).toEqual([
      'pets.csv:2 client_ref: the stored pet has appointments with another client: it cannot move to this one',
      'pets.csv:3 client_ref: the stored pet has appointments with another client: it cannot move to this one',
    ]);
    expect(result.counts('pets.csv')).toEqual({ applied: 0, unchanged: 1, refused: 2 });
  });

  it("refuses a practice's day given twice, with the rest of its opening hours", async () => {
    const group = testGroup();
    const hours = [
      ...group.files['opening_hours.csv'],
      { ...group.files['opening_hours.csv'][0]!, closes: '12:00' },
    ];
    const result = await importDirectory(
      database.url,
      await exportDirectory({ ...group.files, 'opening_hours.csv': hours }),
    );
    expect(refusalsOf(result)).toEqual([
      "opening_hours.csv:2 -: a practice's opening hours is applied whole, and line 7 is refused",
      "opening_hours.csv:3 -: a practice's opening hours is applied whole, and line 7 is refused",
      "opening_hours.csv:4 -: a practice's opening hours is applied whole, and line 7 is refused",
      "opening_hours.csv:5 -: a practice's opening hours is applied whole, and line 7 is refused",
      "opening_hours.csv:6 -: a practice's opening hours is applied whole, and line 7 is refused",
      "opening_hours.csv:7 day_of_week: this practice's day of the week is given before in line 2",
    ]);
  });

  it("adopts a stored reason of the same name that has no reference, and refuses another reference's name", async () => {
    const group = testGroup();
    const name = `Nail clip ${group.tag}`;
    await database.pool.query(
      `insert into appointment_reasons (name, duration_minutes, clinician_type) values ($1, 15, 'Nurse')`,
      [name],
    );
    const reasons: Rows = [
      { reason_ref: group.ref('REASON', 5), name, duration_minutes: '15', clinician_type: 'Nurse' },
    ];
    const first = await importDirectory(
      database.url,
      await exportDirectory({ 'appointment_reasons.csv': reasons }),
    );
    expect(first.counts('appointment_reasons.csv')).toEqual({ applied: 1, unchanged: 0, refused: 0 });
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from appointment_reasons where name = $1 and pms_ref = $2`,
      [name, group.ref('REASON', 5)],
    );
    expect(rows).toEqual([{ n: 1 }]);
    const again = await importDirectory(
      database.url,
      await exportDirectory({
        'appointment_reasons.csv': [...reasons, { ...reasons[0]!, reason_ref: group.ref('REASON', 6), name }],
      }),
    );
    expect(refusalsOf(again)).toEqual(['appointment_reasons.csv:3 name: this name is used before in line 2']);
    const elsewhere = await importDirectory(
      database.url,
      await exportDirectory({
        'appointment_reasons.csv': [{ ...reasons[0]!, reason_ref: group.ref('REASON', 6) }],
      }),
    );
    expect(refusalsOf(elsewhere)).toEqual([
      'appointment_reasons.csv:2 name: another stored appointment reason, with another reference, has this name',
    ]);
    expect(again.counts('appointment_reasons.csv')).toEqual({ applied: 0, unchanged: 1, refused: 1 });
  });
});
