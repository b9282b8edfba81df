import type { VerificationMode } from '@vet/contracts/verification';
import type { Database } from '@vet/db/connection';
import { clients } from '@vet/db/schema/clients';
import { verificationCodes } from '@vet/db/schema/onboarding';
import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { type Identity, ownedBy } from '../../platform/index.ts';
import { lockClientRow } from '../profile/index.ts';

/** A transaction or the database: what the statements here run on. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export type Offer = 'email' | 'postcode';

/** One verification code row (R4.17): one code, sent at most once (a resend is a new row). */
export interface CodeRow {
  id: number;
  clientId: number;
  identityIssuer: string | null;
  identitySubject: string | null;
  codeHash: string;
  mode: VerificationMode;
  offer: Offer | null;
  failedAttempts: number;
  sendCount: number;
  lastSentAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  checkTokenHash: string | null;
}

/** Where a code goes: the record's own address on file, and whether the record is linked already. */
export interface SendTarget {
  clientId: number;
  firstName: string;
  email: string | null;
  linkedTo: Identity | null;
}

export interface NewCodeRow {
  clientId: number;
  identity: Identity | null;
  codeHash: string;
  mode: VerificationMode;
  checkTokenHash: string | null;
  offer: Offer | null;
  sent: boolean;
  now: Date;
  expiresAt: Date;
}

const codeColumns = {
  id: verificationCodes.id,
  clientId: verificationCodes.clientId,
  identityIssuer: verificationCodes.identityIssuer,
  identitySubject: verificationCodes.identitySubject,
  codeHash: verificationCodes.codeHash,
  mode: verificationCodes.mode,
  offer: verificationCodes.offer,
  failedAttempts: verificationCodes.failedAttempts,
  sendCount: verificationCodes.sendCount,
  lastSentAt: verificationCodes.lastSentAt,
  expiresAt: verificationCodes.expiresAt,
  usedAt: verificationCodes.usedAt,
  checkTokenHash: verificationCodes.checkTokenHash,
};

/** Rows bound to this identity, or to no one yet (an anonymous pre-signup check) when `orAnonymous`. */
function boundTo(identity: Identity | null, orAnonymous = false): SQL {
  const anonymous = and(isNull(verificationCodes.identityIssuer), isNull(verificationCodes.identitySubject))!;
  if (identity === null) return anonymous;
  const own = ownedBy(verificationCodes, identity);
  return orAnonymous ? or(own, anonymous)! : own;
}

export function createVerificationRepository(db: Database) {
  return {
    /**
     * The client record codes are sent for, locked until the transaction ends: sends to one record are
     * serialised, so two concurrent resends cannot both slip under the limits.
     */
    async lockSendTarget(tx: Executor, clientId: number): Promise<SendTarget | undefined> {
      const row = await lockClientRow(tx, eq(clients.id, clientId), {
        clientId: clients.id,
        firstName: clients.firstName,
        email: clients.email,
        issuer: clients.identityIssuer,
        subject: clients.identitySubject,
      });
      if (!row) return undefined;
      const { issuer, subject, ...target } = row;
      return { ...target, linkedTo: issuer !== null && subject !== null ? { issuer, subject } : null };
    },

    /** How many codes went to the record since `since`, and when the last one went. */
    async sendsSince(tx: Executor, clientId: number, since: Date) {
      const [row] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          last: sql<Date | null>`max(${verificationCodes.lastSentAt})`.mapWith((value: string | null) =>
            value === null ? null : new Date(value),
          ),
        })
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.clientId, clientId),
            gt(verificationCodes.sendCount, 0),
            gt(verificationCodes.lastSentAt, since),
          ),
        );
      return { count: row?.count ?? 0, last: row?.last ?? null };
    },

    async insert(tx: Executor, row: NewCodeRow): Promise<number> {
      const [inserted] = await tx
        .insert(verificationCodes)
        .values({
          clientId: row.clientId,
          identityIssuer: row.identity?.issuer ?? null,
          identitySubject: row.identity?.subject ?? null,
          codeHash: row.codeHash,
          mode: row.mode,
          checkTokenHash: row.checkTokenHash,
          offer: row.offer,
          sendCount: row.sent ? 1 : 0,
          lastSentAt: row.now,
          expiresAt: row.expiresAt,
          createdAt: row.now,
        })
        .returning({ id: verificationCodes.id });
      if (!inserted) throw new Error('The verification code row was not inserted.');
      return inserted.id;
    },

    /** A row that was never sent gets its (first) code now. */
    async markSent(tx: Executor, id: number, values: { codeHash: string; now: Date; expiresAt: Date }) {
      await tx
        .update(verificationCodes)
        .set({ codeHash: values.codeHash, sendCount: 1, lastSentAt: values.now, expiresAt: values.expiresAt })
        .where(eq(verificationCodes.id, id));
    },

    /**
     * A newer code replaces this one: it expires now, and its check token moves to the new row (the
     * token column is unique, so it is released here first).
     */
    async supersede(tx: Executor, id: number, now: Date) {
      await tx
        .update(verificationCodes)
        .set({ expiresAt: now, checkTokenHash: null })
        .where(eq(verificationCodes.id, id));
    },

    async setCheckToken(tx: Executor, id: number, checkTokenHash: string) {
      await tx.update(verificationCodes).set({ checkTokenHash }).where(eq(verificationCodes.id, id));
    },

    async findByCheckToken(checkTokenHash: string): Promise<CodeRow | undefined> {
      const [row] = await db
        .select(codeColumns)
        .from(verificationCodes)
        .where(eq(verificationCodes.checkTokenHash, checkTokenHash))
        .limit(1);
      return row;
    },

    /** The newest unused, unexpired code that was sent for this record to this binding. */
    async findLiveSent(
      tx: Executor,
      clientId: number,
      identity: Identity | null,
      now: Date,
    ): Promise<CodeRow | undefined> {
      const [row] = await tx
        .select(codeColumns)
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.clientId, clientId),
            boundTo(identity),
            gt(verificationCodes.sendCount, 0),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.lastSentAt), desc(verificationCodes.id))
        .limit(1);
      return row;
    },

    /**
     * The identity's newest verification (POST /signup/resend decides what it allows), leaving out offers
     * the person has not confirmed: confirming one is POST /signup-v2/complete-signup.
     */
    async findLatestForIdentity(identity: Identity): Promise<CodeRow | undefined> {
      const [row] = await db
        .select(codeColumns)
        .from(verificationCodes)
        .where(
          and(boundTo(identity), or(gt(verificationCodes.sendCount, 0), isNull(verificationCodes.offer))),
        )
        .orderBy(desc(verificationCodes.lastSentAt), desc(verificationCodes.id))
        .limit(1);
      return row;
    },

    /**
     * The sent codes a PATCH /client/verify may be about, used or not (so the answer can say a code
     * was used or expired): with the link's client id, that record's codes bound to this identity or to
     * no one; with a check token, that check's code; else the identity's own.
     */
    findVerifiable(scope: {
      identity: Identity;
      clientId?: number | undefined;
      checkTokenHash?: string | undefined;
      since: Date;
    }): Promise<CodeRow[]> {
      const where =
        scope.checkTokenHash !== undefined
          ? and(eq(verificationCodes.checkTokenHash, scope.checkTokenHash), boundTo(scope.identity, true))
          : scope.clientId !== undefined
            ? and(eq(verificationCodes.clientId, scope.clientId), boundTo(scope.identity, true))
            : boundTo(scope.identity);
      return db
        .select(codeColumns)
        .from(verificationCodes)
        .where(and(where, gt(verificationCodes.sendCount, 0), gt(verificationCodes.createdAt, scope.since)))
        .orderBy(desc(verificationCodes.lastSentAt), desc(verificationCodes.id));
    },

    /**
     * Takes a try of each of these codes that is unused and has tries left, before the typed code is
     * compared with them: the rows returned are the codes this try may be compared with. Atomic per row,
     * so parallel guesses cannot compare more than `maxTries` times with one code.
     */
    takeTry(ids: number[], maxTries: number) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .update(verificationCodes)
        .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
        .where(
          and(
            inArray(verificationCodes.id, ids),
            isNull(verificationCodes.usedAt),
            lt(verificationCodes.failedAttempts, maxTries),
          ),
        )
        .returning({ id: verificationCodes.id, failedAttempts: verificationCodes.failedAttempts });
    },

    /** The codes whose tries are all taken (by wrong codes) are used up: locked. */
    async lockSpent(ids: number[], maxTries: number, now: Date) {
      if (ids.length === 0) return;
      await db
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(
          and(
            inArray(verificationCodes.id, ids),
            isNull(verificationCodes.usedAt),
            gte(verificationCodes.failedAttempts, maxTries),
          ),
        );
    },

    /** Uses the code, giving back the try the right code took; false when used (or locked) meanwhile. */
    async markUsed(tx: Executor, id: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(verificationCodes)
        .set({ usedAt: now, failedAttempts: sql`greatest(${verificationCodes.failedAttempts} - 1, 0)` })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length > 0;
    },

    /** Once a record is linked, its other codes and the identity's other codes have nothing left to do. */
    async expireMoot(tx: Executor, clientId: number, identity: Identity, now: Date) {
      await tx
        .update(verificationCodes)
        .set({ expiresAt: now })
        .where(
          and(
            or(eq(verificationCodes.clientId, clientId), boundTo(identity)),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        );
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
