import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { clashAsRetry } from '../records/index.ts';
import {
  acknowledgementFields,
  type Merge,
  type MergedKind,
} from '@vet/contracts/integration-acknowledgements';
import type { Database } from '@vet/db/connection';
import { conflict, notFound, servesPractice, type MachineGrant } from '../../platform/index.ts';
import type { AcknowledgementRepository } from './acknowledgement-repository.ts';
import { acknowledgementRefusals } from './acknowledgement-service.ts';
import type { MergeRepository } from './merge-repository.ts';

export interface MergeDeps {
  db: Database;
  acknowledgements: AcknowledgementRepository;
  merges: MergeRepository;
}

/**
 * The practice says the client (or pet) born online with this id is its record of this reference
 * (decision 0113). No record holds the reference: it is stored, as an acknowledgement. The practice's own
 * record holds it, with no online account (a pet: of the same client, not registered online): that record
 * is folded into the one born online, which keeps its id, so the client's sign-in and pages stay as they
 * were. Any other holder is refused with reference_taken, naming no record.
 */
export async function mergeOnlineRecord(
  deps: MergeDeps,
  grant: MachineGrant,
  kind: MergedKind,
  id: number,
  ref: string,
): Promise<Merge> {
  const { noun } = acknowledgementFields[kind];
  const unknown = () => notFound(acknowledgementRefusals.unknown(noun));
  const taken = () =>
    conflict(acknowledgementRefusals.refTaken(noun), 'reference_taken' satisfies IntegrationErrorCode);
  // A record of a practice not granted answers as a missing one (decision 0105).
  if (grant.practices !== 'all') {
    const practice = await deps.acknowledgements.practiceOf(deps.db, kind, id);
    if (practice !== undefined && !servesPractice(grant, practice)) throw unknown();
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const online = await deps.merges.lockOnline(tx, kind, id);
      if (!online) throw unknown();
      if (online.ref === ref) return { outcome: 'unchanged', id, ref, merged_id: null };
      if (online.ref !== null)
        throw conflict(
          acknowledgementRefusals.otherRef(noun),
          'reference_differs' satisfies IntegrationErrorCode,
        );
      const holder = await deps.merges.lockHolder(tx, kind, ref);
      if (!holder) {
        await deps.acknowledgements.storeRef(tx, kind, id, ref);
        return { outcome: 'applied', id, ref, merged_id: null };
      }
      const sameClient = kind === 'clients' || holder.clientId === online.clientId;
      if (holder.online || !sameClient || !servesPractice(grant, holder.practiceRef)) throw taken();
      if (kind === 'clients') await deps.merges.mergeClient(tx, id, holder.id, ref);
      else await deps.merges.mergePet(tx, id, holder.id, ref);
      // The client id is one issuer's: the integration API takes one issuer's machines (decision 0140).
      await deps.merges.audit(tx, { kind, clientId: grant.clientId, into: id, from: holder.id, ref });
      return { outcome: 'merged', id, ref, merged_id: holder.id };
    });
  } catch (error) {
    throw clashAsRetry(error);
  }
}
