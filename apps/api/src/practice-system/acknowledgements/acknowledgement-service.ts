import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import {
  acknowledgementFields,
  type Acknowledgement,
  type AcknowledgedKind,
} from '@vet/contracts/integration-acknowledgements';
import type { Database } from '@vet/db/connection';
import { conflict, notFound, servesPractice, type MachineGrant } from '../../platform/index.ts';
import type { AcknowledgementRepository } from './acknowledgement-repository.ts';

export interface AcknowledgementDeps {
  db: Database;
  repository: AcknowledgementRepository;
}

/** The refusals, by kind's noun; none quotes the reference (it may be anything the caller sent). */
export const acknowledgementRefusals = {
  unknown: (noun: string) => `No ${noun} has this id.`,
  otherRef: (noun: string) =>
    `This ${noun} already has another practice-system reference; a record keeps the one it was given.`,
  refTaken: (noun: string) => `Another ${noun} already has this reference: a reference names one record.`,
};

const codes = {
  otherRef: 'reference_differs',
  refTaken: 'reference_taken',
} as const satisfies Record<string, IntegrationErrorCode>;

/** A unique violation: another transaction stored the same reference on another record meanwhile. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
    current = current.cause;
  }
  return false;
}

/**
 * The practice system acknowledges a record born online by sending its own reference (decision 0067).
 * Idempotent: the same reference again changes nothing. A record keeps the first reference it is given,
 * and a reference names one record of its kind, as the import requires.
 */
export async function acknowledge(
  { db, repository }: AcknowledgementDeps,
  grant: MachineGrant,
  kind: AcknowledgedKind,
  id: number,
  ref: string,
): Promise<Acknowledgement> {
  const { noun } = acknowledgementFields[kind];
  // A record of a practice not granted answers as a missing one (decision 0105).
  if (grant.practices !== 'all') {
    const practice = await repository.practiceOf(db, kind, id);
    if (practice !== undefined && !servesPractice(grant, practice))
      throw notFound(acknowledgementRefusals.unknown(noun));
  }
  try {
    return await db.transaction(async (tx) => {
      const record = await repository.lockRecord(tx, kind, id);
      if (!record) throw notFound(acknowledgementRefusals.unknown(noun));
      if (record.ref === ref) return { outcome: 'unchanged', id, ref };
      if (record.ref !== null) throw conflict(acknowledgementRefusals.otherRef(noun), codes.otherRef);
      if (await repository.isRefTaken(tx, kind, id, ref))
        throw conflict(acknowledgementRefusals.refTaken(noun), codes.refTaken);
      await repository.storeRef(tx, kind, id, ref);
      return { outcome: 'applied', id, ref };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(acknowledgementRefusals.refTaken(noun), codes.refTaken);
    throw error;
  }
}
