import type { MergedKind } from '@vet/contracts/integration-acknowledgements';
import type { Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';

/** A record holding the reference a merge names, with what makes it the practice's duplicate or not. */
export interface Holder {
  id: number;
  /** A client with an online account, or a pet registered online: a record of its own, never merged. */
  online: boolean;
  /** The pet's client (a pet's duplicate is of the same client); a client's own id. */
  clientId: number;
  /** Its home practice's reference (a pet's, its client's), for the caller's grant. */
  practiceRef: string | null;
}

const holderSql: Record<MergedKind, (ref: string) => ReturnType<typeof sql>> = {
  clients: (ref) => sql`select c.id, c.identity_subject is not null as online, c.id as client_id,
      p.pms_ref as practice_ref
    from clients c join practices p on p.id = c.home_practice_id where c.pms_ref = ${ref} for update of c`,
  pets: (ref) => sql`select x.id, x.registered_online as online, x.client_id, p.pms_ref as practice_ref
    from pets x join clients c on c.id = x.client_id join practices p on p.id = c.home_practice_id
    where x.pms_ref = ${ref} for update of x`,
};

/**
 * Every table with rows of a client, and what a merge does with the duplicate's: moved to the client born
 * online, or removed with it (its own sign-in codes, invitations and preferences: the client's own
 * stand). A test holds this to the database's foreign keys, so a new table is a decision here.
 */
export const clientRowsOnMerge = {
  moved: [
    'pets',
    'appointments',
    'earlier_time_requests',
    'prescription_requests',
    'client_changes',
    'practice_estimates',
    'practice_invoices',
    'online_payments',
    'soft_bookings',
    'plan_memberships',
    'conversations',
    'message_attachments',
  ],
  removed: ['contact_preferences', 'invitations', 'verification_codes', 'data_export_requests'],
} as const;

/** The same for a pet's rows: all move (a reminder the pet born online has already is removed). */
export const petRowsOnMerge = {
  moved: [
    'appointments',
    'vaccinations',
    'pet_medications',
    'prescription_requests',
    'vaccination_reminders',
    'practice_estimate_lines',
    'practice_invoice_lines',
    'soft_bookings',
    'plan_memberships',
    'conversations',
  ],
  removed: [],
} as const;

/** Moved by statements of their own: a client's pets with their appointments, a pet's reminders. */
const movedApart = {
  clients: new Set(['pets', 'appointments']),
  pets: new Set(['vaccination_reminders', 'plan_memberships']),
};

/**
 * The SQL of folding the practice's duplicate into the record born online (decision 0113): every row of
 * the duplicate's moves to the record born online, the duplicate is removed, and the record takes its
 * reference and import fingerprint. The record born online keeps its details: they are the client's own.
 */
export function createMergeRepository() {
  return {
    /** The record born online: its reference and client (a client's own id), its row locked. */
    async lockOnline(
      tx: Executor,
      kind: MergedKind,
      id: number,
    ): Promise<{ ref: string | null; clientId: number } | undefined> {
      const found = await tx.execute<{ ref: string | null; client_id: number }>(
        kind === 'clients'
          ? sql`select pms_ref as ref, id as client_id from clients where id = ${id} for update`
          : sql`select pms_ref as ref, client_id from pets where id = ${id} for update`,
      );
      const [row] = found.rows;
      return row && { ref: row.ref, clientId: row.client_id };
    },

    /** The record holding this reference, its row locked until the transaction ends. */
    async lockHolder(tx: Executor, kind: MergedKind, ref: string): Promise<Holder | undefined> {
      const found = await tx.execute<{
        id: number;
        online: boolean;
        client_id: number;
        practice_ref: string | null;
      }>(holderSql[kind](ref));
      const [row] = found.rows;
      return (
        row && { id: row.id, online: row.online, clientId: row.client_id, practiceRef: row.practice_ref }
      );
    },

    /**
     * The practice's client `from` folded into `into`: its pets with their appointments (one statement, so
     * the appointment's pet-of-its-client key is checked once both moved), its history, requests and
     * places in line. Its contact preferences, invitations and codes go with it: the client's own stand.
     */
    async mergeClient(tx: Executor, into: number, from: number, ref: string): Promise<void> {
      await tx.execute(sql`with moved_pets as (update pets set client_id = ${into} where client_id = ${from})
        update appointments set client_id = ${into} where client_id = ${from}`);
      await closeClashingConversations(tx, 'client_id', into, from);
      for (const table of clientRowsOnMerge.moved.filter((t) => !movedApart.clients.has(t)))
        await tx.execute(
          sql`update ${sql.identifier(table)} set client_id = ${into} where client_id = ${from}`,
        );
      // The practice's switch holds for the merged record: a client it blocked stays blocked.
      await tx.execute(sql`with removed as (
          delete from clients where id = ${from} returning import_fingerprint, online_booking_allowed)
        update clients set pms_ref = ${ref}, import_fingerprint = removed.import_fingerprint,
          online_booking_allowed = clients.online_booking_allowed and removed.online_booking_allowed
        from removed where clients.id = ${into}`);
      const linked = await tx.execute<{ practice_id: number; practice_ref: string | null }>(
        sql`select c.home_practice_id as practice_id, p.pms_ref as practice_ref
          from clients c join practices p on p.id = c.home_practice_id where c.id = ${into}`,
      );
      const [practice] = linked.rows;
      if (!practice) throw new Error('the merged client is not stored');
      // As when a person links to a record the practice has: its reference now names their account.
      await recordPracticeEvent(tx, 'client.linked', {
        client_id: into,
        client_ref: ref,
        practice_id: practice.practice_id,
        practice_ref: practice.practice_ref,
      });
    },

    /**
     * Who merged which record into which, and when (security round four, decision 0140): the audit trail's
     * row, in the merge's transaction, so a merge refused or rolled back leaves none. Ids, the reference
     * and the machine client only: never a person's details.
     */
    async audit(
      tx: Executor,
      merge: { kind: MergedKind; clientId: string; into: number; from: number; ref: string },
    ): Promise<void> {
      const entity = merge.kind === 'clients' ? 'client' : 'pet';
      const details = { merged_id: merge.from, ref: merge.ref };
      await tx.execute(sql`insert into audit_log (actor, action, entity_type, entity_id, details)
        values (${`machine:${merge.clientId}`}, ${`${entity}.merged`}, ${entity}, ${String(merge.into)},
          ${JSON.stringify(details)}::jsonb)`);
    },

    /** The practice's pet `from` folded into `into` (the same client's): its appointments and records. */
    async mergePet(tx: Executor, into: number, from: number, ref: string): Promise<void> {
      await closeClashingConversations(tx, 'pet_id', into, from);
      for (const table of petRowsOnMerge.moved.filter((t) => !movedApart.pets.has(t)))
        await tx.execute(sql`update ${sql.identifier(table)} set pet_id = ${into} where pet_id = ${from}`);
      await mergeLiveMemberships(tx, into, from);
      // A reminder the pet born online already has is not sent twice: the duplicate's goes with it.
      await tx.execute(sql`update vaccination_reminders r set pet_id = ${into} where r.pet_id = ${from}
        and not exists (select 1 from vaccination_reminders o where o.pet_id = ${into} and o.vaccine = r.vaccine
          and o.due_on = r.due_on and o.kind = r.kind and o.channel = r.channel)`);
      await tx.execute(sql`with removed as (delete from pets where id = ${from} returning import_fingerprint)
        update pets set pms_ref = ${ref}, import_fingerprint = removed.import_fingerprint
        from removed where pets.id = ${into}`);
    },
  };
}

export type MergeRepository = ReturnType<typeof createMergeRepository>;

/**
 * A pet's plan memberships move with it (issue 65). One pet holds one live membership of a plan: when the
 * pet born online joined a plan online that the practice's duplicate already holds, the two are one
 * membership. The one joined online keeps its Direct Debit and takes the practice's reference and uses;
 * the duplicate's is removed.
 */
async function mergeLiveMemberships(tx: Executor, into: number, from: number): Promise<void> {
  const pairs = await tx.execute<{ from_id: number; into_id: number }>(sql`
    select d.id as from_id, o.id as into_id
      from plan_memberships d join plan_memberships o
        on o.pet_id = ${into} and o.plan_id = d.plan_id and o.status in ('pending', 'active')
     where d.pet_id = ${from} and d.status in ('pending', 'active')`);
  for (const pair of pairs.rows) {
    await tx.execute(sql`update plan_membership_uses u set membership_id = ${pair.into_id}
      where u.membership_id = ${pair.from_id} and not exists (select 1 from plan_membership_uses o
        where o.membership_id = ${pair.into_id} and o.benefit_id = u.benefit_id)`);
    await tx.execute(sql`with removed as (delete from plan_memberships where id = ${pair.from_id}
                                          returning pms_ref, import_fingerprint)
      update plan_memberships o set pms_ref = removed.pms_ref, import_fingerprint = removed.import_fingerprint
        from removed where o.id = ${pair.into_id} and o.pms_ref is null`);
  }
  await tx.execute(sql`update plan_memberships set pet_id = ${into} where pet_id = ${from}`);
}

/**
 * One open conversation per client, practice and pet (decision 0165): where both records of a merge have
 * one open with the same practice about the same pet (or the account), the duplicate's is closed before it
 * moves, as if the practice had closed it, so the two stay readable and the owner's next message goes to
 * the one that stays open (decision 0169).
 */
async function closeClashingConversations(
  tx: Executor,
  column: 'client_id' | 'pet_id',
  into: number,
  from: number,
): Promise<void> {
  const same =
    column === 'client_id'
      ? sql`kept.client_id = ${into} and coalesce(kept.pet_id, 0) = coalesce(c.pet_id, 0)`
      : sql`kept.pet_id = ${into} and kept.client_id = c.client_id`;
  await tx.execute(sql`update conversations c set status = 'closed', closed_at = now()
    where c.${sql.identifier(column)} = ${from} and c.status = 'open'
      and exists (select 1 from conversations kept
                   where kept.status = 'open' and kept.practice_id = c.practice_id and ${same})`);
}
