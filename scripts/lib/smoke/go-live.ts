import { cpSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, isoDayOfWeek, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { runToExit } from './production-smoke-processes.ts';

/**
 * A group going live (docs/operations.md, "Going live, from an empty database"): on a database that has
 * only its migrations, the operator's command loads the reference lists and imports the group's own
 * export, as the app role with the API's
 * production settings. The export (go-live-export/) is written as another practice system writes one,
 * not as the demo's: the specification's species codes (`Canine`, `FELINE`), breeds by synonym
 * (`Alsatian`, `Domestic Short-Haired`) and by VeNom code (`VeNom:14846`, Cocker Spaniel), colours by
 * synonym (`Black & Tan`), insurers as the system spells them (`PETPLAN`, `More Than`, `Tesco Bank`),
 * salutations in capitals or with a stop (`MRS`, `Dr.`, `Mister`), booleans in any case, a postcode in
 * lower case; every name and address made up. UK practice systems' own words too (decision 0131): `DSH`,
 * `Moggy`, `Staffie`, crosses (`Labrador X`), a bare VeNom code (`14796`), cat colours (`Tabby`), each
 * matched; and labels no list has (a Tortoise, a made-up breed, colour, insurer and salutation), kept
 * unmapped with their records. Desk bookings of those pets, dated from the day of the run, are added to
 * the export's appointments. Every row must be applied, and no demo data may be there.
 */
const exportDirectory = fileURLToPath(new URL('./go-live-export', import.meta.url));

/** A desk booking the export holds from the day of the run: its time must not be offered online. */
export interface DeskTime {
  practiceRef: string;
  reasonRef: string;
  startsAt: string;
}

/** The labels of go-live-export no list has, by list: the unmapped values the import must keep. */
const unknownLabels = [
  'breeds: Norfolk Marsh Terrier',
  'colours: Mottled',
  'insurers: Broadland Pet Cover',
  'salutations: Sqn Ldr',
  'species: Tortoise',
];

/**
 * The export with both of the first practice's vets at the desk at 10:00 on the first Tuesday to Thursday
 * three days or more ahead, with the two pets whose labels no list has: no vet is free then.
 */
function exportWithDeskBookings(runtime: string): { directory: string; deskTimes: DeskTime[] } {
  const directory = join(runtime, 'go-live-export');
  cpSync(exportDirectory, directory, { recursive: true });
  let day = addDays(practiceDate(new Date()), 3);
  while (![2, 3, 4].includes(isoDayOfWeek(day))) day = addDays(day, 1);
  const at = (time: string) => practiceInstant(day, time).toISOString();
  const bookings = [
    ['A-9000901', 'V-114', 'C0104421', 'P-55022'],
    ['A-9000902', 'V-131', 'C0104422', 'P-55023'],
  ];
  appendFileSync(
    join(directory, 'appointments.csv'),
    bookings
      .map(([ref, clinician, client, pet]) =>
        [ref, 'RVC01', clinician, client, pet, 'CONS15', at('10:00'), at('10:15'), 'Booked', '', ''].join(
          ',',
        ),
      )
      .join('\n') + '\n',
  );
  return { directory, deskTimes: [{ practiceRef: 'RVC01', reasonRef: 'CONS15', startsAt: at('10:00') }] };
}

export async function goLive(runtime: string, apiEnv: NodeJS.ProcessEnv): Promise<DeskTime[]> {
  const lists = await runToExit(runtime, 'portal-admin.sh', apiEnv, ['lists']);
  if (lists.code !== 0 || !/^lists: loaded in /m.test(lists.output))
    throw new Error(`portal-admin.sh lists failed (exit ${lists.code}):\n${lists.output}`);
  const { directory, deskTimes } = exportWithDeskBookings(runtime);
  const imported = await runToExit(runtime, 'portal-admin.sh', apiEnv, ['import', directory]);
  if (imported.code !== 0)
    throw new Error(`portal-admin.sh import refused rows (exit ${imported.code}):\n${imported.output}`);
  const unmapped = await runToExit(runtime, 'portal-admin.sh', apiEnv, ['lists', 'unmapped']);
  const listed = tableRows(unmapped.output)
    .filter((row) => row.SYSTEM === 'group' && row.RECORDS === '1')
    .map((row) => `${row.LIST}: ${row.VALUE}`)
    .sort();
  if (unmapped.code !== 0 || JSON.stringify(listed) !== JSON.stringify(unknownLabels))
    throw new Error(`the unmapped values are not the export's unknown labels:\n${unmapped.output}`);

  const database = connectDatabase(apiEnv.DATABASE_URL!, { max: 1 });
  try {
    const { rows } = await database.pool.query<Record<string, string>>(
      `select (select count(*) from practices) as practices,
              (select count(*) from practices where name like 'Willowbrook%') +
                (select count(*) from clients where email like '%@example.com' and last_name = 'Bennett') as demo,
              (select count(*) from pets) as pets,
              (select count(*) from pets p join breeds b on b.id = p.breed_id
                where b.name in ('German Shepherd Dog', 'Cocker Spaniel', 'British Shorthair',
                                 'Domestic Shorthair', 'Staffordshire Bull Terrier')) as named,
              (select count(*) from pets where breed_cross) as crosses,
              (select count(*) from appointments where status = 'Booked' and starts_at > now()) as desk`,
    );
    const expected = { practices: '2', demo: '0', pets: '23', named: '9', crosses: '3', desk: '2' };
    if (JSON.stringify(rows[0]) !== JSON.stringify(expected))
      throw new Error(
        `the go-live database is not the export's alone: ${JSON.stringify(rows[0])}, not ${JSON.stringify(expected)}`,
      );
  } finally {
    await database.close();
  }
  return deskTimes;
}

/** Each desk time, searched as a guest would at the API: no start the desk took may be offered. */
export async function deskTimesTaken(apiUrl: string, databaseUrl: string, deskTimes: readonly DeskTime[]) {
  const database = connectDatabase(databaseUrl, { max: 1 });
  try {
    for (const desk of deskTimes) {
      const { rows } = await database.pool.query<{ practice: number; reason: number; dog: number }>(
        `select (select id from practices where pms_ref = $1) as practice,
                (select id from appointment_reasons where pms_ref = $2) as reason,
                (select id from species where code = 'Canine' and source is not null) as dog`,
        [desk.practiceRef, desk.reasonRef],
      );
      const { practice, reason, dog } = rows[0]!;
      const day = practiceDate(new Date(desk.startsAt));
      const query = new URLSearchParams({
        appointmentReasonId: String(reason),
        speciesId: String(dog),
        fromDate: day,
        toDate: day,
      });
      const response = await fetch(
        `${apiUrl}/guest/practices/${practice}/appointment-slots?${query.toString()}`,
      );
      const body = (await response.json()) as { slots?: { startsAt: string }[] };
      if (response.status !== 200 || !body.slots || body.slots.length === 0)
        throw new Error(`the guest slot search answered ${response.status}: ${JSON.stringify(body)}`);
      const taken = new Date(desk.startsAt).getTime();
      if (body.slots.some((slot) => new Date(slot.startsAt).getTime() === taken))
        throw new Error(`the slot search offers ${desk.startsAt}, which the desk booked`);
    }
  } finally {
    await database.close();
  }
}

/**
 * The rows of a table the operator's command prints (a header of capitalised names, then a row a line,
 * columns aligned and a blank cell left as spaces), each as its cells by header name.
 */
function tableRows(output: string): Record<string, string>[] {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /^ID\s+LIST\s/.test(line));
  if (start === -1) return [];
  const header = lines[start] as string;
  const columns = [...header.matchAll(/\S+/g)].map((match) => ({ name: match[0], at: match.index }));
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\d/.test(line)) break;
    rows.push(
      Object.fromEntries(
        columns.map((column, i) => [column.name, line.slice(column.at, columns[i + 1]?.at).trim()]),
      ),
    );
  }
  return rows;
}
