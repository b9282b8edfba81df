import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  createBookingRepository,
  loadBookingContext,
  nearestSlots,
} from '../../../apps/api/src/appointments/index.ts';
import type { TokenIssuer } from '../shared/token-issuer.ts';
import { send, type Answer } from './open-loop.ts';

const RACERS = 200;

/**
 * How many clinicians are free at the start, as the API's own slot engine counts them: a booking takes
 * one free clinician, so one slot can be booked as many times as this.
 */
async function freeClinicians(
  pool: pg.Pool,
  input: { practiceId: number; appointmentReasonId: number; clientId: number; petId: number },
  startsAt: Date,
): Promise<number> {
  const deps = { repository: createBookingRepository(drizzle(pool)), now: () => new Date() };
  const searcher = { clientId: input.clientId, onlineBookingAllowed: true, homePracticeId: input.practiceId };
  const context = await loadBookingContext(deps, searcher, input);
  const { all } = await nearestSlots(deps, context, searcher, startsAt);
  return all.find((slot) => slot.startsAt === startsAt.getTime())?.clinicianIds.length ?? 0;
}

/** Clients of the practice whose first pet is free at the time, linked and given tokens. */
async function linkPracticeClients(
  pool: pg.Pool,
  issuer: TokenIssuer,
  practiceId: number,
  during: [Date, Date],
  count: number,
) {
  const picked = await pool.query<{ id: number }>(
    `update clients set identity_issuer = $1, identity_subject = 'bench-' || id, linked_at = now()
      where id in (
        select c.id from clients c
         where c.home_practice_id = $2 and c.identity_subject is null
           and not exists (select 1 from appointments a where a.pet_id = c.id and a.status = 'Booked'
                            and tstzrange(a.starts_at, a.ends_at) && tstzrange($3, $4))
         limit $5)
      returning id`,
    [issuer.issuer, practiceId, during[0].toISOString(), during[1].toISOString(), count],
  );
  return Promise.all(
    picked.rows.map(async (row) => ({
      clientId: row.id,
      authorization: await issuer.bearer(`bench-${row.id}`),
    })),
  );
}

/**
 * 200 different clients, each with a pet, book the same start at once. Before the race, the start is
 * booked through the API for all its free clinicians but one, so exactly one booking can win: the
 * expected answer is one 201 and 199 409. Returns the line to print.
 */
export async function runSlotRace(options: {
  pool: pg.Pool;
  apiUrl: string;
  issuer: TokenIssuer;
  reasonId: number;
  log: (line: string) => void;
}): Promise<string> {
  const { pool, apiUrl, issuer, reasonId } = options;
  const practiceId = (await pool.query<{ id: number }>('select min(id)::int as id from practices')).rows[0]!
    .id;
  const [scout] = await linkPracticeClients(pool, issuer, practiceId, [new Date(0), new Date(1)], 1);
  const search = await send(apiUrl, {
    method: 'GET',
    path: `/v2/practices/${practiceId}/appointment-slots?appointmentReasonId=${reasonId}&petId=${scout!.clientId}`,
    headers: { authorization: scout!.authorization },
  });
  const slots = (JSON.parse(search.body) as { slots: { startsAt: string; endsAt: string }[] }).slots;
  const slot = slots[Math.floor(slots.length / 3)];
  if (!slot)
    return `200 concurrent bookings of one slot: no free slot found (search answered ${search.status})`;
  const during: [Date, Date] = [new Date(slot.startsAt), new Date(slot.endsAt)];
  const free = await freeClinicians(
    pool,
    { practiceId, appointmentReasonId: reasonId, clientId: scout!.clientId, petId: scout!.clientId },
    during[0],
  );
  const clients = await linkPracticeClients(pool, issuer, practiceId, during, free - 1 + RACERS);
  const book = (client: { clientId: number; authorization: string }): Promise<Answer> =>
    send(apiUrl, {
      method: 'POST',
      path: '/appointments',
      headers: { authorization: client.authorization, 'idempotency-key': randomUUID() },
      body: { practiceId, petId: client.clientId, appointmentReasonId: reasonId, startsAt: slot.startsAt },
    });
  const prefill = clients.slice(0, free - 1);
  for (const client of prefill) await book(client);
  const racers = clients.slice(free - 1);
  const started = performance.now();
  const answers = await Promise.all(
    racers.map((client) => book(client).catch(() => ({ status: 0, body: '' }))),
  );
  const ms = performance.now() - started;
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  const byStatus = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  return (
    `${racers.length} concurrent bookings of one slot (${slot.startsAt} at practice ${practiceId}; ` +
    `${free} clinicians free, ${prefill.length} booked first, so 1 left): ${byStatus} in ${ms.toFixed(0)} ms`
  );
}
