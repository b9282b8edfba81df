import type { Database } from '@vet/db/connection';
import { appointments } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { onlinePayments } from '@vet/db/schema/payments';
import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { ageFormat, formatAge, parseAge } from './ages.ts';
import { eventsCommand, type EventsCommand } from './command.ts';
import { unacknowledgedAfterSetting } from './config.ts';

export const unacknowledgedKinds = ['client', 'pet', 'appointment', 'payment'] as const;
export type UnacknowledgedKind = (typeof unacknowledgedKinds)[number];

/** An online record the practice system has not sent its reference for: ids and times, nothing personal. */
export interface UnacknowledgedRecord {
  kind: UnacknowledgedKind;
  id: number;
  createdAt: Date;
}

const defaultOlderThan = '24h';

/**
 * Records born online with no practice-system reference, created before `olderThan`, oldest first by
 * kind: clients linked online, pets, and appointments booked online that are still Booked (a cancelled
 * or completed one needs no chasing), and payments taken online (decision 0157: until acknowledged, a
 * bill's amount due counts them as paid), by when they were paid.
 */
export async function listUnacknowledged(
  db: Database,
  { olderThan }: { olderThan: Date },
): Promise<UnacknowledgedRecord[]> {
  const [clientRows, petRows, appointmentRows, paymentRows] = await Promise.all([
    db
      .select({ id: clients.id, createdAt: clients.createdAt })
      .from(clients)
      .where(
        and(isNull(clients.pmsRef), isNotNull(clients.identitySubject), lt(clients.createdAt, olderThan)),
      )
      .orderBy(asc(clients.createdAt), asc(clients.id)),
    db
      .select({ id: pets.id, createdAt: pets.createdAt })
      .from(pets)
      .where(and(isNull(pets.pmsRef), lt(pets.createdAt, olderThan)))
      .orderBy(asc(pets.createdAt), asc(pets.id)),
    db
      .select({ id: appointments.id, createdAt: appointments.createdAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.source, 'Online'),
          isNull(appointments.pmsRef),
          eq(appointments.status, 'Booked'),
          lt(appointments.createdAt, olderThan),
        ),
      )
      .orderBy(asc(appointments.createdAt), asc(appointments.id)),
    db
      .select({ id: onlinePayments.id, createdAt: onlinePayments.paidAt })
      .from(onlinePayments)
      .where(
        and(
          eq(onlinePayments.status, 'paid'),
          isNull(onlinePayments.pmsRef),
          lt(onlinePayments.paidAt, olderThan),
        ),
      )
      .orderBy(asc(onlinePayments.paidAt), asc(onlinePayments.id)),
  ]);
  const as = (kind: UnacknowledgedKind) => (row: { id: number; createdAt: Date }) => ({ kind, ...row });
  return [
    ...clientRows.map(as('client')),
    ...petRows.map(as('pet')),
    ...appointmentRows.map(as('appointment')),
    ...paymentRows.map((row) => ({
      kind: 'payment' as const,
      id: row.id,
      createdAt: row.createdAt ?? new Date(0),
    })),
  ];
}

const columns = (kind: string, id: string, createdAt: string, age: string) =>
  `${kind.padEnd(12)} ${id.padStart(10)}  ${createdAt.padEnd(24)}  ${age}`;

/** The age to list from: `--older-than`, else UNACKNOWLEDGED_AFTER, else 24h. */
function olderThanOf(
  given: string | undefined,
): { text: string; ms: number } | { refused: string; status: number } {
  if (given !== undefined) {
    const ms = parseAge(given);
    return ms === undefined
      ? { refused: `--older-than takes ${ageFormat}.`, status: 1 }
      : { text: given, ms };
  }
  const setting = unacknowledgedAfterSetting();
  if (setting === undefined) return { text: defaultOlderThan, ms: parseAge(defaultOlderThan)! };
  const ms = parseAge(setting);
  return ms === undefined
    ? { refused: `UNACKNOWLEDGED_AFTER must be ${ageFormat}.`, status: 2 }
    : { text: setting, ms };
}

/** The command, with a clock the tests can set. */
export function createUnacknowledgedCommand(now: () => Date = () => new Date()): EventsCommand {
  return eventsCommand({
    name: 'unacknowledged',
    usage: '[--older-than 24h]',
    summary:
      'list online clients, pets and appointments with no practice reference after a time ' +
      '(UNACKNOWLEDGED_AFTER, or 24h), for staff to chase',
    options: { 'older-than': { type: 'string' } },
    async run({ values }, { db, out }) {
      const age = olderThanOf(values['older-than']);
      if ('refused' in age) {
        out(age.refused);
        return age.status;
      }
      const at = now();
      const records = await listUnacknowledged(db, { olderThan: new Date(at.getTime() - age.ms) });
      if (records.length > 0) {
        out(columns('kind', 'portal id', 'created at', 'age'));
        for (const record of records)
          out(
            columns(
              record.kind,
              String(record.id),
              record.createdAt.toISOString(),
              formatAge(at.getTime() - record.createdAt.getTime()),
            ),
          );
      }
      const counts = unacknowledgedKinds.map(
        (kind) => `${kind}s ${records.filter((record) => record.kind === kind).length}`,
      );
      out(`Unacknowledged after ${age.text}: ${counts.join(', ')}`);
      return 0;
    },
  });
}

/** `npm run events -- unacknowledged [--older-than 24h]` (decision 0067). */
export const unacknowledgedCommand: EventsCommand = createUnacknowledgedCommand();
