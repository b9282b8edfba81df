import {
  contactChannels,
  contactPurposes,
  type ContactPreferenceChoices,
} from '@vet/contracts/contact-preferences';
import type { Database, Executor } from '@vet/db/connection';
import { lastNameKey, postcodeKey } from '@vet/db/normalise';
import { clientChanges, type ClientChangeRecord } from '@vet/db/schema/client-changes';
import { clients, contactPreferences } from '@vet/db/schema/clients';
import { rowExists } from '@vet/db/row-exists';
import { salutations } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { asc, eq, sql } from 'drizzle-orm';
import type { Identity } from '../../platform/index.ts';
import {
  clientDetailColumns,
  clientEventColumns,
  type ClientDetailFields,
  type ClientEventRow,
} from './client-events.ts';
import { homePracticeColumns, type HomePracticeFields, withHomePractice } from '../../platform/index.ts';
import { lockClientRow } from './client-lock.ts';

/** The client's own record as stored: phones in E.164 or as seeded, the home practice joined. */
export interface ClientRecordRow extends ClientDetailFields, HomePracticeFields {
  clientId: number;
  salutationId: number | null;
  updatedAt: Date;
}

/** What POST /client writes, already checked and normalised by the service. */
export interface ClientDetailsUpdate {
  salutationId: number;
  firstName: string;
  lastName: string;
  /** E.164. */
  mobilePhone: string;
  /** E.164, or null for none. */
  homePhone: string | null;
  address: { line1: string; line2: string | null; town: string; county: string | null; postcode: string };
  homePracticeId: number;
}

export interface ClientChange {
  clientId: number;
  kind: 'details' | 'contact_preferences';
  actor: Identity;
  at: Date;
  changes: ClientChangeRecord;
}

/**
 * The signed-in client's own record and contact preferences (POST /client, PUT /client/contact-preferences).
 * Every statement names the client id it is given, which the routes take from the linked client only.
 */
export function createClientRecordRepository(db: Database) {
  return {
    async findRecord(clientId: number, executor: Executor = db): Promise<ClientRecordRow | undefined> {
      const [row] = await withHomePractice(
        executor
          .select({
            clientId: clients.id,
            salutationId: clients.salutationId,
            ...clientDetailColumns,
            ...homePracticeColumns,
            updatedAt: clients.updatedAt,
          })
          .from(clients)
          .$dynamic(),
      )
        .where(eq(clients.id, clientId))
        .limit(1);
      return row;
    },

    /** Whether the practice is one a client can choose: listed online. */
    async isOnlinePractice(practiceId: number): Promise<boolean> {
      const [row] = await db
        .select({ isOnline: practices.isOnline })
        .from(practices)
        .where(eq(practices.id, practiceId))
        .limit(1);
      return row?.isOnline === true;
    },

    salutationExists: (salutationId: number): Promise<boolean> => rowExists(db, salutations, salutationId),

    /** The record as the practice system's events carry it, locked until the transaction ends. */
    async lockForEvent(tx: Executor, clientId: number): Promise<ClientEventRow | undefined> {
      return lockClientRow(tx, eq(clients.id, clientId), clientEventColumns);
    },

    /**
     * The record's editable fields and the matching keys the pre-signup check compares (R5.8); answers
     * the record as the practice system's events carry it.
     */
    async updateDetails(
      tx: Executor,
      clientId: number,
      update: ClientDetailsUpdate,
      now: Date,
    ): Promise<ClientEventRow | undefined> {
      const { address } = update;
      const [row] = await tx
        .update(clients)
        .set({
          salutationId: update.salutationId,
          firstName: update.firstName,
          lastName: update.lastName,
          mobilePhone: update.mobilePhone,
          homePhone: update.homePhone,
          addressLine1: address.line1,
          addressLine2: address.line2,
          town: address.town,
          county: address.county,
          postcode: address.postcode,
          homePracticeId: update.homePracticeId,
          lastNameKey: lastNameKey(update.lastName),
          postcodeKey: postcodeKey(address.postcode),
          updatedAt: now,
        })
        .where(eq(clients.id, clientId))
        .returning(clientEventColumns);
      return row;
    },

    /**
     * Locks the client's row for the preferences' read-modify-write; the confirmation time with it, and
     * the practice system's reference of the client for the event.
     */
    async lockPreferencesOwner(tx: Executor, clientId: number) {
      return lockClientRow(tx, eq(clients.id, clientId), {
        confirmedAt: clients.contactPreferencesConfirmedAt,
        clientRef: clients.pmsRef,
      });
    },

    /** Every purpose × channel; a missing row is a no (R3.4). */
    async findPreferences(clientId: number, executor: Executor = db): Promise<ContactPreferenceChoices> {
      const rows = await contactPreferenceRowsOf(executor, clientId);
      return Object.fromEntries(
        contactPurposes.map((purpose) => [
          purpose,
          Object.fromEntries(
            contactChannels.map((channel) => [
              channel,
              rows.some((row) => row.purpose === purpose && row.channel === channel && row.optedIn),
            ]),
          ),
        ]),
      ) as ContactPreferenceChoices;
    },

    async findConfirmedAt(clientId: number): Promise<Date | null> {
      const [row] = await db
        .select({ confirmedAt: clients.contactPreferencesConfirmedAt })
        .from(clients)
        .where(eq(clients.id, clientId))
        .limit(1);
      return row?.confirmedAt ?? null;
    },

    /** One row per purpose × channel, so a no is recorded as such; the confirmation time is set. */
    async savePreferences(tx: Executor, clientId: number, choices: ContactPreferenceChoices, now: Date) {
      const values = contactPurposes.flatMap((purpose) =>
        contactChannels.map((channel) => ({
          clientId,
          purpose,
          channel,
          optedIn: choices[purpose][channel],
        })),
      );
      await tx
        .insert(contactPreferences)
        .values(values)
        .onConflictDoUpdate({
          target: [contactPreferences.clientId, contactPreferences.purpose, contactPreferences.channel],
          set: { optedIn: sql`excluded.opted_in` },
        });
      await tx.update(clients).set({ contactPreferencesConfirmedAt: now }).where(eq(clients.id, clientId));
    },

    /** The audit row, in the transaction of the change it records. */
    async recordChange(tx: Executor, change: ClientChange) {
      await tx.insert(clientChanges).values({
        clientId: change.clientId,
        kind: change.kind,
        changedAt: change.at,
        actorIssuer: change.actor.issuer,
        actorSubject: change.actor.subject,
        changes: change.changes,
      });
    },
  };
}

export type ClientRecordRepository = ReturnType<typeof createClientRecordRepository>;

/** The client's contact preferences as stored, by purpose then channel (the record and the data export). */
export function contactPreferenceRowsOf(executor: Executor, clientId: number) {
  return executor
    .select({
      purpose: contactPreferences.purpose,
      channel: contactPreferences.channel,
      optedIn: contactPreferences.optedIn,
    })
    .from(contactPreferences)
    .where(eq(contactPreferences.clientId, clientId))
    .orderBy(asc(contactPreferences.purpose), asc(contactPreferences.channel));
}
