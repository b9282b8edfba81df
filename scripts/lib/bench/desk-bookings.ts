import { addDays, isoDayOfWeek, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import type { PracticeAppointmentBody } from '@vet/contracts/integration-appointments';
import type pg from 'pg';
import type { PlannedRequest } from './open-loop.ts';

/**
 * Desk bookings for the group data set (group-data-set.ts), as a practice system sends them through the
 * integration API (decision 0063): each a new reference, a client of the practice with its first pet, a
 * clinician of that practice, a day of the coming eight weeks and a half-hour cell of the seed's grid.
 */

/** The practice system's reference of each record the seed made: `<kind>-<portal id>`. */
const REF_KINDS = {
  practices: 'practice',
  clinicians: 'clinician',
  clients: 'client',
  pets: 'pet',
  appointment_reasons: 'reason',
} as const;
const ref = (kind: keyof typeof REF_KINDS, id: number) => `${REF_KINDS[kind]}-${id}`;

/** Days ahead a desk booking may fall on: the weekdays of the practices' 56-day horizon. */
const HORIZON_DAYS = 55;
/** The seed's half-hour cells (08:30-12:30 and 13:00-17:00, group-data-set.ts). */
const CELL_STARTS = [
  ...Array.from({ length: 8 }, (_, i) => 510 + 30 * i),
  ...Array.from({ length: 8 }, (_, i) => 780 + 30 * i),
].map(
  (minutes) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
);

/**
 * Gives every practice, clinician, client, pet and appointment reason without one the reference a
 * practice system's import would have given it; those that have one keep it (a reused database).
 */
export async function giveRecordsReferences(pool: pg.Pool, log: (line: string) => void): Promise<void> {
  for (const [table, kind] of Object.entries(REF_KINDS)) {
    const started = performance.now();
    const { rowCount } = await pool.query(
      `update ${table} set pms_ref = '${kind}-' || id where pms_ref is null`,
    );
    if (rowCount) {
      await pool.query(`vacuum analyze ${table}`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(`  references for ${rowCount} ${table.replace('_', ' ')}: ${seconds} s`);
    }
  }
}

interface Pick {
  practiceId: number;
  clinicianId: number;
  clientId: number;
  reasonId: number;
  startsAt: Date;
  endsAt: Date;
}

const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One desk booking of the run: its request, and what it should do. */
export interface PlannedDeskBooking {
  request: PlannedRequest;
  /** Over an online appointment: stored, and the online one flagged for the practice. */
  overOnline: boolean;
  clinicianId: number;
  startsAt: Date;
}

/**
 * `count` desk bookings in a random order, `overlapShare` of them over an online appointment (its
 * clinician and time; stored, the online one flagged) and the rest at times their clinician and pet
 * have free. References are `<prefix>-<n>`, new to the database.
 */
export async function planDeskBookings(
  pool: pg.Pool,
  options: { count: number; overlapShare: number; prefix: string; authorization: string },
): Promise<PlannedDeskBooking[]> {
  const clinicians = await pool.query<{ id: number; practice_id: number; type: string }>(
    'select id, practice_id, type::text from clinicians',
  );
  const byPractice = groupBy(clinicians.rows, (row) => row.practice_id);
  const clinicianType = new Map(clinicians.rows.map((row) => [row.id, row.type]));
  // The reasons the seed's appointments have: any pet, at most one cell.
  const reasons = await pool.query<{ id: number; type: string; minutes: number }>(
    `select id, clinician_type::text as type, duration_minutes as minutes from appointment_reasons r
      where is_online and not is_initial_consultation and duration_minutes <= 30
        and not exists (select 1 from appointment_reason_species s where s.reason_id = r.id)`,
  );
  const reasonsOf = groupBy(reasons.rows, (row) => row.type);
  // Random clients across the group; each first pet's id is its client's (group-data-set.ts).
  const clients = await pool.query<{ id: number; practice_id: number }>(
    `select id, home_practice_id as practice_id from clients order by random() limit $1`,
    [options.count * 2],
  );
  const clientsOf = groupBy(clients.rows, (row) => row.practice_id);

  const overlapping = await overOnlineAppointments(pool, Math.round(options.count * options.overlapShare));
  const over: Pick[] = overlapping.flatMap((online) => {
    const client = (clientsOf.get(online.practice_id) ?? []).find((c) => c.id !== online.client_id);
    const reason = reasonsOf.get(clinicianType.get(online.clinician_id)!);
    if (!client || !reason) return [];
    const startsAt = online.starts_at;
    const endsAt = online.ends_at;
    return [
      {
        ...ids(online.practice_id, online.clinician_id, client.id),
        reasonId: random(reason).id,
        startsAt,
        endsAt,
      },
    ];
  });
  const free = await freeTimes(pool, clients.rows, byPractice, reasonsOf, options.count - over.length);

  const picks = shuffle([
    ...over.map((pick) => ({ ...pick, overOnline: true })),
    ...free.map((pick) => ({ ...pick, overOnline: false })),
  ]);
  return picks.map((pick, n): PlannedDeskBooking => {
    const body: PracticeAppointmentBody = {
      practice_ref: ref('practices', pick.practiceId),
      clinician_ref: ref('clinicians', pick.clinicianId),
      client_ref: ref('clients', pick.clientId),
      pet_ref: ref('pets', pick.clientId),
      reason_ref: ref('appointment_reasons', pick.reasonId),
      starts_at: pick.startsAt.toISOString(),
      ends_at: pick.endsAt.toISOString(),
      status: 'Booked',
    };
    const request: PlannedRequest = {
      method: 'PUT',
      path: `${integrationPathPrefix}/appointments/${options.prefix}-${n}`,
      headers: { authorization: options.authorization },
      body,
    };
    return { request, overOnline: pick.overOnline, clinicianId: pick.clinicianId, startsAt: pick.startsAt };
  });
}

const ids = (practiceId: number, clinicianId: number, clientId: number) => ({
  practiceId,
  clinicianId,
  clientId,
});

/** Booked online appointments of the coming weeks, not flagged yet, at random. */
async function overOnlineAppointments(pool: pg.Pool, count: number) {
  const { rows } = await pool.query<{
    practice_id: number;
    clinician_id: number;
    client_id: number;
    starts_at: Date;
    ends_at: Date;
  }>(
    `select practice_id, clinician_id, client_id, starts_at, ends_at from appointments
      where status = 'Booked' and source = 'Online' and flagged_at is null and starts_at > now() + interval '1 day'
      order by random() limit $1`,
    [count],
  );
  return rows;
}

/**
 * `count` bookings at random weekdays and cells, each client's at a clinician of its practice, kept
 * only where the clinician has nothing reserved and the pet nothing booked, and no two at one
 * clinician's start.
 */
async function freeTimes(
  pool: pg.Pool,
  clients: readonly { id: number; practice_id: number }[],
  byPractice: Map<number, { id: number; type: string }[]>,
  reasonsOf: Map<string, { id: number; minutes: number }[]>,
  count: number,
): Promise<Pick[]> {
  const today = practiceDate(new Date());
  const days = Array.from({ length: HORIZON_DAYS }, (_, i) => addDays(today, i + 1)).filter(
    (day) => isoDayOfWeek(day) <= 5,
  );
  const candidates = new Map<string, Pick>();
  for (const client of clients) {
    const clinician = random(byPractice.get(client.practice_id)!);
    const reason = random(reasonsOf.get(clinician.type)!);
    const startsAt = practiceInstant(random(days), random(CELL_STARTS));
    const endsAt = new Date(startsAt.getTime() + reason.minutes * 60_000);
    const pick = {
      ...ids(client.practice_id, clinician.id, client.id),
      reasonId: reason.id,
      startsAt,
      endsAt,
    };
    candidates.set(`${clinician.id}@${startsAt.getTime()}`, pick);
  }
  const list = [...candidates.values()];
  const { rows } = await pool.query<{ i: string }>(
    `select t.i from unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[])
                     with ordinality as t(clinician_id, pet_id, starts_at, ends_at, i)
      where not exists (select 1 from clinician_reservations r
                         where r.clinician_id = t.clinician_id and r.during && tstzrange(t.starts_at, t.ends_at))
        and not exists (select 1 from appointments a
                         where a.pet_id = t.pet_id and a.status = 'Booked'
                           and tstzrange(a.starts_at, a.ends_at) && tstzrange(t.starts_at, t.ends_at))`,
    [
      list.map((pick) => pick.clinicianId),
      list.map((pick) => pick.clientId),
      list.map((pick) => pick.startsAt.toISOString()),
      list.map((pick) => pick.endsAt.toISOString()),
    ],
  );
  const free = rows.map((row) => list[Number(row.i) - 1]!);
  if (free.length < count) throw new Error(`only ${free.length} free desk-booking times found of ${count}`);
  return free.slice(0, count);
}

/** The reference a planned desk booking stores (its path's last part). */
export const deskBookingRef = (booking: PlannedDeskBooking) => booking.request.path.split('/').pop()!;

/** What the run stored: the booked desk appointments of `refs`, and online appointments flagged since `since`. */
export async function deskBookingsStored(pool: pg.Pool, refs: string[], since: Date) {
  const { rows } = await pool.query<{ stored: string; flagged: string }>(
    `select (select count(*) from appointments where pms_ref = any($1) and status = 'Booked') as stored,
            (select count(*) from appointments where source = 'Online' and flagged_at >= $2) as flagged`,
    [refs, since.toISOString()],
  );
  return { stored: Number(rows[0]!.stored), flagged: Number(rows[0]!.flagged) };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
