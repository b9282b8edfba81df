import { machineGrantKinds } from '@vet/contracts/machine-access';
import { practiceRecordRefFields, recordBatchMaxItems } from '@vet/contracts/integration-records';
import { appointmentBatchMaxItems } from '@vet/contracts/integration-appointments';
import type { FastifyBaseLogger } from 'fastify';
import { toErrorResponse, type MachineGrant } from '../../platform/index.ts';
import { cancelByPractice, storeBatch, type PracticeBookingDeps } from '../desk-bookings/index.ts';
import { deactivate, upsertBatch, type PracticeRecordDeps } from '../records/index.ts';
import type { RefusalReason } from './connector-store.ts';
import { keepUnchangedPriceDays } from './price-days.ts';
import type { ReadKind, ReadPage } from './vendor-port.ts';

export interface ApplyDeps {
  records: PracticeRecordDeps;
  bookings: PracticeBookingDeps;
  log: FastifyBaseLogger;
}

/** What applying one page came to: the records refused (by reference) and the references applied. */
export interface PageOutcome {
  applied: string[];
  refused: { ref: string; reasons: RefusalReason[] }[];
}

/** A connector acts for its practices as a machine client granted every kind of write (decision 0105). */
export const connectorGrant = (name: string, practices: readonly string[]): MachineGrant => ({
  clientId: `connector:${name}`,
  practices,
  kinds: machineGrantKinds,
});

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const groupWide = new Set<ReadKind>(['appointment-reasons']);

/** A deleted pet keeps its record: the portal cannot tell died from rehomed from entered in error. */
const keptWhenDeleted: RefusalReason = {
  path: 'pet_ref',
  message: 'deleted in the practice system; kept in the portal until the system sends its status',
};

/**
 * Applies one page a connector read, by the same rules as the import and the integration API (decision
 * 0106): the records through the records module's batch, the desk's appointments through desk-bookings'
 * (one place decides what a desk booking does). Nothing read is lost because a record is refused: each
 * refusal comes back by reference, to be reported as the import reports a row.
 */
export async function applyPage(
  deps: ApplyDeps,
  grant: MachineGrant,
  kind: ReadKind,
  page: Pick<ReadPage, 'records' | 'deleted'>,
): Promise<PageOutcome> {
  const outcome: PageOutcome = { applied: [], refused: [] };
  if (kind === 'appointments') {
    for (const part of chunks(page.records, appointmentBatchMaxItems)) {
      const items = part.map((record) => ({ ...record.body, appointment_ref: record.ref }));
      const { results } = await storeBatch(deps.bookings, grant, items, deps.log);
      results.forEach((result, index) => {
        const ref = part[index]!.ref;
        if (result.error) outcome.refused.push({ ref, reasons: reasonsOf(result.error) });
        else outcome.applied.push(ref);
      });
    }
    for (const ref of page.deleted) {
      try {
        await cancelByPractice(deps.bookings, { ref });
        outcome.applied.push(ref);
      } catch (error) {
        // Deleted before the portal ever stored it: nothing to cancel.
        if (!isMissing(error)) throw error;
      }
    }
    return outcome;
  }
  const refField = practiceRecordRefFields[kind];
  // Appointment reasons are the group's, of no practice (as the import's are): a connector writes them.
  const recordGrant: MachineGrant = groupWide.has(kind) ? { ...grant, practices: 'all' } : grant;
  const records =
    kind === 'prices' ? await keepUnchangedPriceDays(deps.records.db, page.records) : page.records;
  for (const part of chunks(records, recordBatchMaxItems)) {
    const items = part.map((record) => ({ ...record.body, [refField]: record.ref }));
    const codes = part.map((record) => record.codes);
    const { results } = await upsertBatch(deps.records, recordGrant, kind, items, codes);
    results.forEach((result, index) => {
      const ref = part[index]!.ref;
      if (result.outcome === 'refused') outcome.refused.push({ ref, reasons: result.issues ?? [] });
      else outcome.applied.push(ref);
    });
  }
  for (const ref of page.deleted) {
    if (kind === 'pets') {
      outcome.refused.push({ ref, reasons: [keptWhenDeleted] });
      continue;
    }
    try {
      await deactivate(deps.records, recordGrant, kind, ref);
      outcome.applied.push(ref);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return outcome;
}

function reasonsOf(error: {
  message: string;
  issues?: readonly RefusalReason[] | undefined;
}): RefusalReason[] {
  return error.issues && error.issues.length > 0
    ? [...error.issues]
    : [{ path: 'appointment', message: error.message }];
}

/** The portal has no such record (deleted in the system before the portal ever stored it). */
const isMissing = (error: unknown): boolean => {
  const response = toErrorResponse(error);
  return response.isExpected && response.statusCode === 404;
};
