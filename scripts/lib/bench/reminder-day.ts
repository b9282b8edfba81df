import { addDays, isoDayOfWeek, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import pg from 'pg';
import { petPerClientSql, seedGroupLookups } from './group-data-set.ts';

/**
 * The reminder bench's data set (decisions 0085 and 0089): the group's practices (500 at scale 1, 20
 * clinicians and 2,000 clients each), every client with one pet, a valid UK mobile and "reminders" chosen on
 * e-mail and SMS, and the appointments of the weekdays from the reminder day through the queue's 15-day
 * look-ahead: 120 Booked a practice a day (60,000 a day across the group at scale 1: six each clinician, in
 * half-hour cells from 08:30 to 17:00), each booked 20 days before. No history: the queue reads only Booked
 * appointments ahead, through the partial index appointments_booked_starts_idx, which history does not enter.
 */
export interface ReminderDayShape {
  practices: number;
  cliniciansPerPractice: number;
  clientsPerPractice: number;
  /** Appointments per clinician per weekday. */
  perClinicianDay: number;
}

export function reminderDayShape(scale: number): ReminderDayShape {
  return {
    practices: Math.max(1, Math.round(500 * scale)),
    cliniciansPerPractice: 20,
    clientsPerPractice: 2000,
    perClinicianDay: 6,
  };
}

/** Appointments on one weekday across the group. */
export const appointmentsPerDay = (shape: ReminderDayShape) =>
  shape.practices * shape.cliniciansPerPractice * shape.perClinicianDay;

/**
 * The reminder day: the first Monday at least three days ahead (practice date), so that its morning,
 * the evening before it and the two days after it are all in the future; the day after next (Wednesday)
 * has appointments, whose "two days before" reminders come due through the reminder day.
 */
export function reminderDay(today: Date = new Date()): string {
  let day = addDays(practiceDate(today), 3);
  while (isoDayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

/** The days the queue looks ahead over from the reminder day (maxDaysBefore + 1), and one more. */
const DAYS_AHEAD = 16;

function seedSql(shape: ReminderDayShape, day: string): string {
  const { practices, cliniciansPerPractice: perPractice, clientsPerPractice } = shape;
  const clients = practices * clientsPerPractice;
  // Six cells of a clinician's sixteen: (clinician + 3k) mod 16 are distinct for k = 0..5.
  return `
  insert into practices (id, name, address_line1, town, postcode, phone, email)
  select p, 'Bench Practice ' || p, p || ' High Street', 'Benchton', 'BN1 ' || (p % 9 + 1) || 'AA',
         '01632 ' || lpad(p::text, 6, '0'), 'practice' || p || '@bench.example'
    from generate_series(1, ${practices}) p;
  select setval('practices_id_seq', ${practices});
  insert into clinicians (id, practice_id, first_name, last_name, type)
  select (p - 1) * ${perPractice} + i + 1, p, 'Clinician', 'Bench ' || p || '-' || i,
         (case when i < 14 then 'Vet' else 'Nurse' end)::clinician_type
    from generate_series(1, ${practices}) p, generate_series(0, ${perPractice - 1}) i;
  select setval('clinicians_id_seq', ${practices * perPractice});
  insert into clients (id, first_name, last_name, email, mobile_phone, address_line1, town, postcode,
                       home_practice_id, last_name_key, postcode_key, email_key, created_at, updated_at)
  select c, 'Client', 'Bench' || c, 'client' || c || '@bench.example', '0740' || lpad(c::text, 7, '0'),
         c || ' Bench Road', 'Benchton', 'BN2 ' || (c % 9 + 1) || 'BB',
         (c - 1) / ${clientsPerPractice} + 1, 'bench' || c, 'bn2' || (c % 9 + 1) || 'bb',
         'client' || c || '@bench.example', now() - interval '3 years', now() - interval '3 years'
    from generate_series(1, ${clients}) c;
  select setval('clients_id_seq', ${clients});
  insert into contact_preferences (client_id, purpose, channel, opted_in)
  select c, 'reminders'::contact_purpose, ch::contact_channel, true
    from generate_series(1, ${clients}) c, unnest(array['email', 'sms']) ch;
  ${petPerClientSql(clients)}
  select setval('pets_id_seq', ${clients});
  insert into appointments (practice_id, clinician_id, client_id, pet_id, reason_id, starts_at, ends_at,
                            status, created_at, updated_at)
  with reasons as (
    select clinician_type, min(id) as id
      from appointment_reasons
     where is_online and duration_minutes <= 30
     group by clinician_type),
  days as (
    select (row_number() over (order by d) - 1)::int as w, d::date
      from generate_series('${day}'::date, '${day}'::date + ${DAYS_AHEAD - 1}, interval '1 day') d
     where extract(isodow from d) < 6),
  placed as (
    select c.id as clinician_id, c.practice_id, r.id as reason_id, days.w,
           ((c.id - 1) % ${perPractice}) * ${shape.perClinicianDay} + k as slot,
           (((c.id - 1) % ${perPractice}) + 3 * k) % 16 as cell, days.d
      from clinicians c
      join reasons r on r.clinician_type = c.type
      cross join days
      cross join generate_series(0, ${shape.perClinicianDay - 1}) k),
  timed as (
    select placed.*,
           ((d + make_interval(mins => case when cell < 8 then 510 + 30 * cell else 780 + 30 * (cell - 8) end))
             at time zone 'Europe/London') as starts_at,
           (practice_id - 1) * ${clientsPerPractice}
             + (w * ${perPractice * shape.perClinicianDay} + slot) % ${clientsPerPractice} + 1 as client_id
      from placed)
  select practice_id, clinician_id, client_id, client_id, reason_id, starts_at, starts_at + interval '20 minutes',
         'Booked'::appointment_status, starts_at - interval '20 days', starts_at - interval '20 days'
    from timed;`;
}

/** Seeds the data set on a migrated, empty database; returns the seconds it took. */
export async function seedReminderDay(url: string, shape: ReminderDayShape, day: string): Promise<number> {
  const started = performance.now();
  await seedGroupLookups(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(seedSql(shape, day));
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

/** The instant a practice clock reads `time` on `day`. */
export const at = (day: string, time: string) => practiceInstant(day, time);

/** Reminders coming due at one instant, and how many of them there are. */
export interface DueGroup {
  dueMs: number;
  count: number;
}

export interface Lateness {
  total: number;
  late: number;
  /** The latest any reminder is sent after its due time, in milliseconds. */
  maxLateMs: number;
  /** When the last one is sent. */
  lastSentMs: number;
}

/**
 * The worker's queue at the measured rate. A batch's job writes its reminders to the outboxes (decision
 * 0089), and their deliveries go before any other reminder job (decision 0087: the reminders' lower
 * priority); so the worker sends one reminder after another, each in `1 / perSecond`, by due time. The reminders queued at the run are there from `startMs` (the queueing
 * done), later ones from their due time; the worker idles until one is due. Returns how many reminders
 * are delivered later than `lateAfterMs` after their due time, the worst lateness and when the last is
 * delivered.
 */
export function lateness(
  groups: readonly DueGroup[],
  perSecond: number,
  startMs: number,
  lateAfterMs: number,
): Lateness {
  const each = 1000 / perSecond;
  let total = 0;
  let clock = startMs;
  let late = 0;
  let maxLateMs = 0;
  for (const group of [...groups].sort((a, b) => a.dueMs - b.dueMs)) {
    clock = Math.max(clock, group.dueMs);
    for (let n = 0; n < group.count; n += 1) {
      clock += each;
      const lateMs = clock - group.dueMs;
      if (lateMs > lateAfterMs) late += 1;
      maxLateMs = Math.max(maxLateMs, lateMs);
    }
    total += group.count;
  }
  return { total, late, maxLateMs, lastSentMs: clock };
}
