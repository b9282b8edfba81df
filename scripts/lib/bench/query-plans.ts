import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  createAppointmentsRepository,
  createBookingRepository,
  nearestSlots,
  openDiary,
  searchAppointmentSlots,
} from '../../../apps/api/src/appointments/index.ts';
import { createPetsRepository } from '../../../apps/api/src/clients/index.ts';
import { createLinkedClientLookup } from '../../../apps/api/src/platform/index.ts';
import { createLookupNames } from '../../../apps/api/src/reference/index.ts';
import { repoRoot } from '../shared/paths.ts';

interface Statement {
  name: string;
  sql: string;
  params: unknown[];
}

export interface PlanSubject {
  issuer: string;
  subject: string;
  clientId: number;
  practiceId: number;
  petId: number;
  appointmentReasonId: number;
}

/**
 * The API's own repositories on a pool whose drizzle logger records each statement and its
 * parameters: the plans are of the exact SQL the API sends, not of a copy that could drift from it.
 */
function recordingDatabase(pool: pg.Pool) {
  const recorded: Omit<Statement, 'name'>[] = [];
  const db = drizzle(pool, {
    logger: { logQuery: (sql, params) => recorded.push({ sql, params: [...params] }) },
  });
  return { db, recorded };
}

/**
 * The statements of the two client lists, one slot search (linked client, context, rotas, busy time)
 * and one booking's insert path.
 */
async function recordStatements(
  pool: pg.Pool,
  who: PlanSubject,
): Promise<{ statements: Statement[]; appointmentId: number }> {
  const { db, recorded } = recordingDatabase(pool);
  const names: string[] = [];
  const take = (name: string) => {
    while (names.length < recorded.length) names.push(name);
  };
  const identity = { issuer: who.issuer, subject: who.subject };
  await createLinkedClientLookup(db).findLinkedClient(identity);
  take('signed-in client (every request but the lists)');
  // The lookup lists are read once per process, not per list: read here, outside the recording.
  const lookupNames = createLookupNames(drizzle(pool));
  await lookupNames.naming([]);
  await createPetsRepository(db, lookupNames).listForIdentity(identity);
  take('pets list, with its client');
  await createAppointmentsRepository(db).listForIdentity(identity);
  take('appointments list, with its client');
  const deps = { repository: createBookingRepository(db), now: () => new Date() };
  const searcher = { clientId: who.clientId, onlineBookingAllowed: true, homePracticeId: who.practiceId };
  const found = await searchAppointmentSlots(deps, searcher, who);
  // The rotas and busy-time reads run together, so they are told apart by what they read.
  for (const statement of recorded.slice(names.length)) {
    names.push(
      /clinician_rota_shifts/.test(statement.sql)
        ? 'slot search: rotas'
        : /clinician_reservations/.test(statement.sql)
          ? 'slot search: busy time'
          : 'slot search: context',
    );
  }
  const slot = found.slots[Math.floor(found.slots.length / 2)];
  if (!slot) throw new Error('no free slot to plan a booking on');
  const startsAt = new Date(slot.startsAt);
  const context = await deps.repository.findContext({ ...who });
  const { all } = await nearestSlots(deps, { ...context!, reason: context!.reason! }, searcher, startsAt);
  const clinicianId = all.find((s) => s.startsAt === startsAt.getTime())!.clinicianIds[0]!;
  take('booking: slot check (nearest slots)');
  const endsAt = new Date(slot.endsAt);
  let appointmentId = 0;
  await db
    .transaction(async (tx) => {
      const diary = await openDiary(tx, { clinicianId, clock: () => new Date() });
      take('booking: lock clinician');
      const { id } = await diary.book({
        practiceId: who.practiceId,
        clinicianId,
        clientId: who.clientId,
        petId: who.petId,
        reasonId: who.appointmentReasonId,
        startsAt,
        endsAt,
        idempotencyKey: 'bench-plan',
      });
      appointmentId = id;
      // The diary's book: the appointment, the expired holds it frees, then its reservation.
      for (const statement of recorded.slice(names.length)) {
        names.push(
          /^insert into "appointments"/i.test(statement.sql)
            ? 'booking: insert appointment'
            : /^delete from "clinician_reservations"/i.test(statement.sql)
              ? 'booking: release expired holds'
              : 'booking: reserve (exclusion constraint)',
        );
      }
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Rollback')) throw error;
    });
  const statements = recorded
    .map((statement, index) => ({ ...statement, name: names[index] ?? 'other' }))
    .filter((s) => !/^(begin|commit|rollback)/i.test(s.sql));
  return { statements, appointmentId };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, inside a transaction that is rolled back (the inserts
 * really run). The reservation's appointment id is the one the explained insert just took.
 */
async function explainAll(pool: pg.Pool, statements: Statement[], recordedId: number): Promise<string[]> {
  const client = await pool.connect();
  const plans: string[] = [];
  try {
    await client.query('begin');
    let newId = recordedId;
    for (const statement of statements) {
      const params = statement.name.startsWith('booking: reserve')
        ? statement.params.map((p) => (p === recordedId ? newId : p))
        : statement.params;
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.sql}`,
        params,
      );
      plans.push(
        `-- ${statement.name}\n${statement.sql}\n-- params: ${JSON.stringify(params)}\n` +
          result.rows.map((row) => row['QUERY PLAN']).join('\n'),
      );
      if (statement.name === 'booking: insert appointment') {
        const current = await client.query<{ id: number }>(
          `select currval('appointments_id_seq')::int as id`,
        );
        newId = current.rows[0]!.id;
      }
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return plans;
}

/**
 * Writes the plans of the slot search and the booking's insert path on the group data set to
 * .data/bench-appointments-plans.txt, and returns the path and a line per statement (its top node and
 * execution time).
 */
export async function writeQueryPlans(
  databaseUrl: string,
  who: PlanSubject,
): Promise<{ path: string; summary: string[] }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const { statements, appointmentId } = await recordStatements(pool, who);
    const plans = await explainAll(pool, statements, appointmentId);
    const path = join(repoRoot, '.data/bench-appointments-plans.txt');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${plans.join('\n\n')}\n`);
    const summary = plans.map((plan) => {
      const lines = plan.split('\n');
      const name = lines[0]!.slice(3);
      const top = lines[lines.findIndex((line) => line.startsWith('-- params:')) + 1] ?? '';
      const indexes = [
        ...new Set(
          plan.match(/(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) \S+/g) ??
            [],
        ),
      ];
      const time = lines.find((line) => line.startsWith('Execution Time')) ?? '';
      const rows = /actual time=\S+ rows=(\d+)/.exec(top)?.[1] ?? '?';
      return `${name}: ${top.trim().replace(/\s+\(cost.*$/, '')} (${rows} rows); ${indexes.join(', ') || 'no index scan'}; ${time}`;
    });
    return { path, summary };
  } finally {
    await pool.end();
  }
}
