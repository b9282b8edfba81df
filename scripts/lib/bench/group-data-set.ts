import { connectDatabase } from '@vet/db/connection';
import type { BenchShape } from '@vet/practice-import/bench/bench-shape';
import { seedLookups } from '@vet/db/seed/seed-lookups';
import pg from 'pg';
import { loadWithoutSecondaryStructures } from './bulk-load.ts';

/**
 * The shape of a veterinary group at BENCH_SCALE (1 = a full group, decision 0023's: 500 practices, 20
 * clinicians each, 1 million clients, 10 million appointments). Every count scales together, so each practice
 * looks the same at any scale (2,000 clients, 1,000 appointments per clinician); only the number of practices
 * changes. Its fields are the import benchmark's (bench-shape.ts) but the vaccinations and closures, which
 * this data set does not load.
 */
export type GroupShape = Omit<BenchShape, 'vaccinationsPerPet' | 'closures'>;

export const CLINICIANS_PER_PRACTICE = 20;
/** Weekdays of history the past appointments spread over (two years). */
const PAST_WEEKDAYS = 520;
/** Weekdays ahead the future appointments spread over: the practices' 56-day booking horizon. */
const FUTURE_WEEKDAYS = 40;
/** Half-hour cells of a clinician's day: 08:30-12:30 and 13:00-17:00 (the rota's lunch break between). */
const CELLS_PER_DAY = 16;

export function groupShape(scale: number): GroupShape {
  const practices = Math.max(1, Math.round(500 * scale));
  // A multiple of the clinicians per practice: the client-to-appointment mapping below relies on it.
  const clientsPerPractice = Math.round(1_000_000 / 500 / CLINICIANS_PER_PRACTICE) * CLINICIANS_PER_PRACTICE;
  const appointmentsPerClinician = Math.round(10_000_000 / 500 / CLINICIANS_PER_PRACTICE);
  return {
    practices,
    cliniciansPerPractice: CLINICIANS_PER_PRACTICE,
    vetsPerPractice: 14,
    clientsPerPractice,
    appointmentsPerClinician,
    futurePerClinician: Math.round(appointmentsPerClinician * 0.2),
  };
}

export const totals = (shape: GroupShape) => ({
  practices: shape.practices,
  clinicians: shape.practices * shape.cliniciansPerPractice,
  clients: shape.practices * shape.clientsPerPractice,
  appointments: shape.practices * shape.cliniciansPerPractice * shape.appointmentsPerClinician,
});

/** The reference lists (decision 0096) and the demo's appointment reasons: the API reads them by id. */
export async function seedGroupLookups(url: string): Promise<void> {
  const handle = connectDatabase(url, { max: 1 });
  try {
    await seedLookups(handle);
  } finally {
    await handle.close();
  }
}

/** Practices (online, booking switched on, Monday-Friday opening), clinicians and their weekday rotas. */
const practicesSql = (s: GroupShape) => `
  insert into practices (id, name, address_line1, town, postcode, phone, email)
  select p, 'Bench Practice ' || p, p || ' High Street', 'Benchton', 'BN1 ' || (p % 9 + 1) || 'AA',
         '01632 ' || lpad(p::text, 6, '0'), 'practice' || p || '@bench.example'
    from generate_series(1, ${s.practices}) p;
  select setval('practices_id_seq', ${s.practices});
  insert into practice_feature_settings (practice_id, feature_key, value)
  select id, 'Online Booking Enabled', 'True' from practices;
  insert into practice_opening_hours (practice_id, day_of_week, opens_at, closes_at)
  select id, d, '08:00', '18:00' from practices, generate_series(1, 5) d;
  insert into clinicians (id, practice_id, first_name, last_name, type)
  select (p - 1) * ${s.cliniciansPerPractice} + i + 1, p, 'Clinician', 'Bench ' || p || '-' || i,
         (case when i < ${s.vetsPerPractice} then 'Vet' else 'Nurse' end)::clinician_type
    from generate_series(1, ${s.practices}) p, generate_series(0, ${s.cliniciansPerPractice - 1}) i;
  select setval('clinicians_id_seq', ${s.practices * s.cliniciansPerPractice});
  insert into clinician_rota_shifts (clinician_id, day_of_week, starts_at, ends_at)
  select c.id, d, '08:00', '18:00' from clinicians c, generate_series(1, 5) d;
  insert into clinician_rota_breaks (shift_id, starts_at, ends_at)
  select id, '12:30', '13:00' from clinician_rota_shifts;`;

/** A dog or a cat for each of the clients 1..N, with the client's id (both benchmark data sets). */
export const petPerClientSql = (clients: number) => `
  insert into pets (id, client_id, name, species_id, sex, neutered, date_of_birth, created_at, updated_at)
  select c, c, 'Pet ' || c,
         (select id from species where code = (case when c % 2 = 0 then 'Canine' else 'Feline' end)::species_code),
         (case when c % 2 = 0 then 'Male' else 'Female' end)::pet_sex, true,
         current_date - (365 + c % 3000), now() - interval '3 years', now() - interval '3 years'
    from generate_series(1, ${clients}) c;`;

/**
 * Clients (ids 1..N, each practice's a block) and their pets: every client has a dog or a cat whose id
 * is the client's, and every third client a second pet.
 */
const clientsSql = (s: GroupShape) => {
  const clients = s.practices * s.clientsPerPractice;
  return `
  insert into clients (id, first_name, last_name, email, mobile_phone, address_line1, town, postcode,
                       home_practice_id, last_name_key, postcode_key, email_key, created_at, updated_at)
  select c, 'Client', 'Bench' || c, 'client' || c || '@bench.example', '07700 ' || lpad((c % 1000000)::text, 6, '0'),
         c || ' Bench Road', 'Benchton', 'BN2 ' || (c % 9 + 1) || 'BB',
         (c - 1) / ${s.clientsPerPractice} + 1, 'bench' || c, 'bn2' || (c % 9 + 1) || 'bb',
         'client' || c || '@bench.example', now() - interval '3 years', now() - interval '3 years'
    from generate_series(1, ${clients}) c;
  select setval('clients_id_seq', ${clients});
  ${petPerClientSql(clients)}
  insert into pets (id, client_id, name, species_id, sex, date_of_birth)
  select ${clients} + c / 3, c, 'Second pet ' || c, (select id from species where code = 'Feline'), 'Female',
         current_date - (200 + c % 2000)
    from generate_series(3, ${clients}, 3) c;
  select setval('pets_id_seq', (select max(id) from pets));`;
};

/**
 * The weekdays appointments fall on, numbered from 0: PAST_WEEKDAYS back from yesterday (history) and
 * FUTURE_WEEKDAYS from tomorrow (the booking horizon).
 */
const daysSql = `
  create temporary table bench_days as
  select false as future, (row_number() over (order by d desc) - 1)::int as w, d::date
    from generate_series(current_date - 800, current_date - 1, interval '1 day') d
   where extract(isodow from d) < 6
  order by d desc limit ${PAST_WEEKDAYS};
  insert into bench_days
  select true, (row_number() over (order by d) - 1)::int, d::date
    from generate_series(current_date + 1, current_date + 80, interval '1 day') d
   where extract(isodow from d) < 6
  order by d limit ${FUTURE_WEEKDAYS};`;

/**
 * Every clinician's appointments, in one statement. Appointment n of a clinician takes its own
 * half-hour cell (future ones spread over the horizon, past ones over two years), so no clinician is
 * ever double-booked; each reason lasts at most 30 minutes. The client is the practice's
 * (n * clinicians + clinician) mod clients: as the clients per practice are a multiple of the
 * clinicians, two appointments of one client (and so of its first pet) are always the same clinician's,
 * in different cells, so never overlap. History is 90 % Completed, 5 % NoShow, 5 % Cancelled.
 */
const appointmentsSql = (s: GroupShape) => {
  const futureStride = Math.floor((FUTURE_WEEKDAYS * CELLS_PER_DAY) / s.futurePerClinician);
  const pastStride = Math.floor(
    (PAST_WEEKDAYS * CELLS_PER_DAY) / (s.appointmentsPerClinician - s.futurePerClinician),
  );
  return `
  insert into appointments (practice_id, clinician_id, client_id, pet_id, reason_id, starts_at, ends_at,
                            status, cancellation_reason_id, cancelled_at, created_at, updated_at)
  with reasons as (
    select clinician_type, array_agg(id order by id) as ids, array_agg(duration_minutes order by id) as minutes
      from appointment_reasons r
     where is_online and not is_initial_consultation and duration_minutes <= 30
       and not exists (select 1 from appointment_reason_species s where s.reason_id = r.id)
     group by clinician_type),
  cells as (
    select c.id as clinician_id, c.practice_id, c.type, (c.id - 1) % ${s.cliniciansPerPractice} as ci, n,
           n < ${s.futurePerClinician} as future,
           case when n < ${s.futurePerClinician} then n * ${futureStride} + c.id % ${futureStride}
                else (n - ${s.futurePerClinician}) * ${pastStride} + c.id % ${pastStride} end as m
      from clinicians c, generate_series(0, ${s.appointmentsPerClinician - 1}) n),
  placed as (
    select cells.*, r.ids[1 + n % cardinality(r.ids)] as reason_id,
           r.minutes[1 + n % cardinality(r.minutes)] as minutes,
           ((d.d + make_interval(mins => case when m % ${CELLS_PER_DAY} < 8 then 510 + 30 * (m % ${CELLS_PER_DAY})
                                                  else 780 + 30 * (m % ${CELLS_PER_DAY} - 8) end))
             at time zone 'Europe/London') as starts_at,
           (practice_id - 1) * ${s.clientsPerPractice} + (n * ${s.cliniciansPerPractice} + ci) % ${s.clientsPerPractice} + 1 as client_id,
           (n * 7 + clinician_id) % 20 as fate
      from cells
      join reasons r on r.clinician_type = cells.type
      join bench_days d on d.future = cells.future and d.w = cells.m / ${CELLS_PER_DAY})
  select practice_id, clinician_id, client_id, client_id, reason_id, starts_at,
         starts_at + make_interval(mins => minutes),
         (case when future then 'Booked' when fate = 0 then 'Cancelled' when fate = 1 then 'NoShow'
               else 'Completed' end)::appointment_status,
         case when not future and fate = 0 then (select min(id) from cancellation_reasons) end,
         case when not future and fate = 0 then starts_at - interval '1 day' end,
         starts_at - interval '14 days', starts_at
    from placed;`;
};

/** Each appointment that holds time (all but the cancelled) owns its clinician's reservation. */
const reservationsSql = `
  insert into clinician_reservations (clinician_id, during, appointment_id)
  select clinician_id, tstzrange(starts_at, ends_at), id from appointments where status <> 'Cancelled';`;

/**
 * Creates the group's rows in set-based SQL on a migrated, empty database, timing each step. The big
 * tables are loaded with their secondary indexes and constraints dropped and rebuilt afterwards
 * (bulk-load.ts), then analysed.
 */
export async function seedGroup(url: string, shape: GroupShape, log: (line: string) => void): Promise<void> {
  await seedGroupLookups(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (name: string, sql: string) => {
    const started = performance.now();
    await client.query(sql);
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query(`set maintenance_work_mem = '512MB'; set synchronous_commit = off`);
    await step('practices, clinicians, rotas', practicesSql(shape));
    await loadWithoutSecondaryStructures(
      client,
      ['clients', 'pets', 'appointments', 'clinician_reservations'],
      async () => {
        await step('clients and pets', clientsSql(shape));
        await step('appointments', daysSql + appointmentsSql(shape));
        await step('clinician reservations', reservationsSql);
        log('  rebuilding indexes and constraints:');
      },
      log,
    );
    await step('vacuum analyze', 'vacuum analyze');
  } finally {
    await client.end();
  }
}
