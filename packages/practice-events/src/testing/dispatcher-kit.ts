import { practiceEventId } from '@vet/contracts/practice-events';
import { connectDatabase, type Database, type DatabaseHandle } from '@vet/db/connection';
import { recordPracticeEvent } from '../record-events.ts';
import { webhookDeliveries } from '@vet/db/schema/practice-events';
import { asc, eq, sql } from 'drizzle-orm';
import { startEventDispatcher, type EventDispatcher, type EventDispatcherOptions } from '../dispatcher.ts';
import { addEndpoint } from '../endpoints-repository.ts';
import { listenerConnection } from '../event-listener.ts';
import { newEndpointSecret } from '../webhook-delivery.ts';
import { loopbackReceivers } from './address-rules.ts';
import { captureLogger } from './capture-logger.ts';
import {
  startReferencePracticeSystem,
  type ReceivedEvent,
  type ReferencePracticeSystem,
} from './reference-practice-system.ts';
import { developmentSecretKeys, sealSecret, type SecretKeys } from '../secret-box.ts';

/** The dispatcher tests' kit: events of made-up appointments, endpoints at the reference system, probes. */

export type AppointmentStep = 'booked' | 'amended' | 'cancelled';

const at = (hour: number) => `2026-12-0${1 + (hour % 7)}T09:00:00.000Z`;

/** Writes one event of an appointment's life (the ids need no rows: only the data's shape is checked). */
export async function writeAppointmentEvent(
  db: Database,
  appointmentId: number,
  step: AppointmentStep,
): Promise<string> {
  const people = { client_id: 70, client_ref: null, pet_id: 71, pet_ref: null };
  const appointment = {
    appointment_id: appointmentId,
    appointment_ref: null,
    practice_id: 1,
    practice_ref: null,
    clinician_id: 2,
    clinician_ref: null,
    ...people,
    reason_id: 3,
    reason_ref: null,
    starts_at: at(0),
    ends_at: at(0).replace('09:00', '09:15'),
    status: 'Booked' as const,
    notes: null,
  };
  const id =
    step === 'booked'
      ? await recordPracticeEvent(db, 'appointment.booked', appointment)
      : step === 'amended'
        ? await recordPracticeEvent(db, 'appointment.amended', {
            ...appointment,
            starts_at: at(1),
            ends_at: at(1).replace('09:00', '09:15'),
            previous: { ...appointment },
          })
        : await recordPracticeEvent(db, 'appointment.cancelled', {
            appointment_id: appointmentId,
            appointment_ref: null,
            ...people,
            cancelled_at: at(2),
          });
  return practiceEventId(id);
}

/**
 * Each appointment goes through the steps, the appointments taking turns (as clients booking at once do).
 * Returns each record's event ids in the order written, which is the order they must arrive in.
 */
export async function writeAppointmentJourneys(
  db: Database,
  appointmentIds: number[],
  steps: AppointmentStep[] = ['booked', 'amended', 'cancelled'],
): Promise<Map<string, string[]>> {
  const written = new Map<string, string[]>(appointmentIds.map((id) => [`appointment:${id}`, []]));
  for (const step of steps) {
    for (const id of appointmentIds) {
      written.get(`appointment:${id}`)!.push(await writeAppointmentEvent(db, id, step));
    }
  }
  return written;
}

let nextAppointmentId = 1000;
/** Appointment ids no other test of the file used. */
export function freshAppointmentIds(count: number): number[] {
  return Array.from({ length: count }, () => (nextAppointmentId += 1));
}

/** The received events' ids per record, in arrival order (compare with writeAppointmentJourneys' map). */
export function receivedByRecord(
  received: ReceivedEvent[],
  records: Iterable<string>,
): Map<string, string[]> {
  return new Map(
    [...records].map((key) => [
      key,
      received.filter((event) => event.recordKey === key).map((event) => event.webhookId),
    ]),
  );
}

/** Each event's first arrival only: a repeat under the same id is the receiver's to drop. */
export function firstArrivals(received: ReceivedEvent[]): ReceivedEvent[] {
  const seen = new Set<string>();
  return received.filter((event) => !seen.has(event.webhookId) && seen.add(event.webhookId));
}

/** Whether every written event has arrived (only then can "each once, in order" be judged). */
export function allArrived(received: ReceivedEvent[], written: Map<string, string[]>): boolean {
  const ids = new Set(received.map((event) => event.webhookId));
  return [...written.values()].every((list) => list.every((id) => ids.has(id)));
}

export interface TestEndpoint {
  id: number;
  name: string;
  receiver: ReferencePracticeSystem;
}

/**
 * A reference practice system on loopback, added as an endpoint named `name`, its secret stored sealed as
 * `endpoints add` stores it (with the development key the dispatchers of tests open it with, unless `keys`).
 */
export async function addReceiverEndpoint(
  db: Database,
  name: string,
  keys: SecretKeys = developmentSecretKeys,
): Promise<TestEndpoint> {
  const secret = newEndpointSecret();
  const receiver = await startReferencePracticeSystem({ secret });
  const added = await addEndpoint(db, { name, url: receiver.url, secret: sealSecret(keys, secret) });
  if (!added) throw new Error(`the endpoint ${name} exists already`);
  return { id: added.id, name, receiver };
}

export async function deliveryRows(db: Database, endpointId: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.position));
}

export interface TestDispatcher extends EventDispatcher {
  lines: string[];
}

/**
 * A dispatcher on a pool of its own (as the API's is), with test defaults: short back-off, a quick poll,
 * loopback-friendly limits, and the reference systems' loopback allowed (decision 0137: not allowed by
 * default). `overrides` replace any of them.
 */
export function startTestDispatcher(
  database: DatabaseHandle & { url: string },
  overrides: Partial<Omit<EventDispatcherOptions, 'db' | 'connectListener'>> = {},
): TestDispatcher {
  const concurrency = overrides.concurrency ?? 4;
  const pool = connectDatabase(database.url, { max: concurrency + 2 });
  const { logger, lines } = captureLogger();
  const dispatcher = startEventDispatcher({
    db: pool.db,
    connectListener: listenerConnection(database.url),
    limits: { timeoutMs: 2000, maxResponseBytes: 64 * 1024 },
    retry: { baseMs: 20, maxMs: 200, giveUpAfterMs: 72 * 3600_000 },
    pollMs: 200,
    requireHttps: false,
    addressRule: loopbackReceivers,
    logger,
    ...overrides,
    concurrency,
  });
  return {
    lines,
    stop: async () => {
      await dispatcher.stop();
      await pool.close();
    },
  };
}

/** True once the dispatcher's listening connection is LISTENing (a NOTIFY from now on reaches it). */
export async function isListening(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ listening: boolean }>(sql`
    select exists (
      select 1 from pg_stat_activity
      where datname = current_database() and query = 'listen practice_events'
    ) as listening`);
  return rows[0]?.listening === true;
}
