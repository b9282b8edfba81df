import { addDays, isoDayOfWeek, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import type pg from 'pg';
import type {
  BenchSearcher,
  ConnectorBenchPortal,
} from '../../../apps/api/src/practice-system/connectors/testing/connector-bench-kit.ts';
import type { BenchSite } from './connectors-sites.ts';

/**
 * Desk and online traffic at one connected practice, on the vendor's clock (connectors-sites.ts): the
 * connector's reading pass every `pollSeconds` (as its runner loop does: the next pass a poll interval
 * after the last ended), desk bookings made in the system at random moments, online bookings made in the
 * portal and handed to the connector at once (as the dispatcher does; retried after a second while the
 * system cannot take it). One thing happens at a time: a pass, a booking, a delivery, each taking its
 * real time, the clock skipping only the waits between them.
 */
export interface TrafficOptions {
  minutes: number;
  pollSeconds: number;
  /** Mean seconds between desk bookings, and between online bookings (Poisson arrivals). */
  deskEverySeconds: number;
  onlineEverySeconds: number;
}

export interface TrafficResult {
  /** Desk booking made in the system → the portal's slot search no longer offers its clinician that time. */
  deskMs: number[];
  /** Online booking made in the portal → the system's diary holds it. */
  onlineMs: number[];
  deskUnseen: number;
  onlineTaken: number;
  /** Written but refused by the system as `slot_taken`: a desk booking not yet read had the time. */
  onlineRefusedTaken: number;
  onlineUndelivered: number;
  passes: number;
}

interface Candidate extends BenchSearcher {
  clientRef: string;
  petRef: string;
}

const SECOND = 1_000;

export async function runTraffic(
  site: BenchSite,
  portal: ConnectorBenchPortal,
  pool: pg.Pool,
  options: TrafficOptions,
  progress: (line: string) => void,
): Promise<TrafficResult> {
  const { clock } = site;
  const reason = (
    await pool.query<{ id: number; ref: string; minutes: number }>(
      `select id, pms_ref as ref, duration_minutes as minutes from appointment_reasons
        where is_online and clinician_type = 'Vet' and not is_initial_consultation and pms_ref is not null
        order by duration_minutes, id limit 1`,
    )
  ).rows[0];
  if (!reason) throw new Error('No online reason came through the connector');
  const candidates = (
    await pool.query<Candidate>(
      `select c.id as "clientId", c.pms_ref as "clientRef", p.id as "petId", p.pms_ref as "petRef",
              c.home_practice_id as "practiceId", $1::int as "reasonId"
         from clients c join pets p on p.client_id = c.id
        where p.status = 'Active' and c.pms_ref is not null and p.pms_ref is not null
        order by random() limit 5000`,
      [reason.id],
    )
  ).rows;
  if (candidates.length === 0) throw new Error('No client with a pet came through the connector');
  const clinicianRefs = new Map(
    (await pool.query<{ id: number; ref: string }>('select id, pms_ref as ref from clinicians')).rows.map(
      (row) => [row.id, row.ref],
    ),
  );
  const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const arrival = (meanSeconds: number) => -Math.log(1 - Math.random()) * meanSeconds * SECOND;
  const today = practiceDate(new Date(clock.now()));
  const days = Array.from({ length: 14 }, (_, i) => addDays(today, i + 2)).filter(
    (day) => isoDayOfWeek(day) <= 5,
  );

  /** A free start of a random weekday of the next fortnight, and the clinicians free at it. */
  const freeSlot = async (searcher: Candidate) => {
    const slots = await portal.slotsNear(searcher, practiceInstant(random(days), '12:00'));
    const open = slots.filter((slot) => slot.clinicianIds.length > 0);
    return open.length > 0 ? random(open) : undefined;
  };

  const result: TrafficResult = {
    deskMs: [],
    onlineMs: [],
    deskUnseen: 0,
    onlineTaken: 0,
    onlineRefusedTaken: 0,
    onlineUndelivered: 0,
    passes: 0,
  };
  const pending: { searcher: Candidate; clinicianId: number; startsAt: number; at: number }[] = [];
  const started = clock.now();
  const end = started + options.minutes * 60 * SECOND;
  let nextPass = started + options.pollSeconds * SECOND;
  let nextDesk = started + arrival(options.deskEverySeconds);
  let nextOnline = started + arrival(options.onlineEverySeconds);
  let nextProgress = started + 5 * 60 * SECOND;
  // After the end, passes go on until every desk booking has come through (or a few minutes more).
  while (nextPass <= end + 5 * 60 * SECOND && (nextPass <= end || pending.length > 0)) {
    const at = Math.min(
      nextPass,
      nextDesk > end ? Infinity : nextDesk,
      nextOnline > end ? Infinity : nextOnline,
    );
    clock.advanceTo(at);
    if (at === nextPass) {
      const outcome = await portal.cycle();
      result.passes += 1;
      const wait = outcome.kind === 'unavailable' ? (outcome.retryAfterMs ?? 5 * SECOND) : 0;
      const now = clock.now();
      for (const booking of [...pending]) {
        const slots = await portal.slotsNear(booking.searcher, new Date(booking.startsAt));
        const slot = slots.find((candidate) => candidate.startsAt === booking.startsAt);
        if (slot?.clinicianIds.includes(booking.clinicianId)) continue;
        result.deskMs.push(now - booking.at);
        pending.splice(pending.indexOf(booking), 1);
      }
      nextPass = clock.now() + Math.max(options.pollSeconds * SECOND, wait);
    } else if (at === nextDesk) {
      nextDesk += arrival(options.deskEverySeconds);
      const searcher = random(candidates);
      const slot = await freeSlot(searcher);
      if (!slot) continue;
      const clinicianId = random(slot.clinicianIds);
      site.deskBook({
        clinicianRef: clinicianRefs.get(clinicianId)!,
        reasonRef: reason.ref,
        petRef: searcher.petRef,
        clientRef: searcher.clientRef,
        startsAt: new Date(slot.startsAt),
        minutes: reason.minutes,
      });
      pending.push({ searcher, clinicianId, startsAt: slot.startsAt, at: clock.now() });
    } else {
      nextOnline += arrival(options.onlineEverySeconds);
      const searcher = random(candidates);
      const slot = await freeSlot(searcher);
      if (!slot) continue;
      const booked = clock.now();
      const startsAt = new Date(slot.startsAt);
      const appointmentId = await portal.bookOnline(searcher, startsAt);
      if (appointmentId === null) {
        result.onlineTaken += 1;
        continue;
      }
      let delivered = false;
      for (let attempt = 0; attempt < 30 && !delivered; attempt += 1) {
        delivered = (await portal.deliverBooked(appointmentId)).delivered;
        if (!delivered) clock.advanceTo(clock.now() + SECOND);
      }
      const ref = (
        await pool.query<{ ref: string | null }>('select pms_ref as ref from appointments where id = $1', [
          appointmentId,
        ])
      ).rows[0]?.ref;
      if (delivered && ref && site.inDiary(ref, startsAt)) result.onlineMs.push(clock.now() - booked);
      else if (delivered && (await refusedAsTaken(pool, appointmentId))) result.onlineRefusedTaken += 1;
      else result.onlineUndelivered += 1;
    }
    if (clock.now() >= nextProgress) {
      nextProgress += 5 * 60 * SECOND;
      progress(
        `  ${Math.round((clock.now() - started) / 60_000)} vendor min: ${result.passes} passes, ` +
          `${result.deskMs.length} desk bookings seen, ${result.onlineMs.length} online written`,
      );
    }
  }
  result.deskUnseen = pending.length;
  return result;
}

/** Whether the connector reported the booking's write refused as `slot_taken` (decision 0106). */
async function refusedAsTaken(pool: pg.Pool, appointmentId: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `select 1 from connector_refusals r join practice_events e on r.ref = 'evt_' || e.id
      where r.direction = 'write' and e.type = 'appointment.booked' and e.record_id = $1
        and r.reasons @> '[{"path": "slot_taken"}]'`,
    [appointmentId],
  );
  return (rowCount ?? 0) > 0;
}
