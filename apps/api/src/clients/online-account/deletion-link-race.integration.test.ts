import { apiErrorSchema } from '@vet/contracts/errors';
import { clients } from '@vet/db/schema/clients';
import { webSessions } from '@vet/db/schema/identity';
import { practiceEvents } from '@vet/db/schema/practice-events';
import {
  createClient,
  createInvitation,
  createPractice,
  createSalutation,
  createVerificationCode,
} from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { and, eq } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-app.ts';
import { hashCode } from '../onboarding/verification-code.ts';
import {
  deleteAccount,
  embeddedAccount,
  recentSignIn,
  unique,
  useDeletionApp,
} from './testing/deletion-fixtures.ts';

/**
 * Security round three, finding 2 (docs/security/hardening.md): linking an identity to a record and
 * deleting that identity's online account take the same per-identity lock, so a link can never commit
 * during a deletion and leave the record linked to the erased identity. Each interleaving is forced by a
 * row lock this test holds, never by timing.
 */

const database = useTestDatabase();
const { db, pool } = database;
const context = useDeletionApp(database, { embedded: true });
/** The same API with an external provider: the identity outlives the online account there. */
const external = useDeletionApp(database);

const lastName = () => `Linker${unique().replace(/\d/g, 'x')}`;

/** An unlinked record of the practice with an invitation for it, and its last name. */
async function invitedRecord() {
  const practice = await createPractice(db);
  const name = lastName();
  const client = await createClient(db, { homePracticeId: practice.id, lastName: name });
  const invitation = await createInvitation(db, { clientId: client.id, practiceId: practice.id });
  return { client, code: invitation.code, lastName: name };
}

function activate(token: string, registrationCode: string, name: string, app = context.app) {
  return app.inject({
    method: 'PATCH',
    url: '/client/activate',
    headers: { authorization: `Bearer ${token}` },
    payload: { registrationCode, lastName: name },
  });
}

async function linkedSubject(clientId: number) {
  const [row] = await db
    .select({ subject: clients.identitySubject })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row?.subject ?? null;
}

/** The backends waiting on a lock that `pid` holds. */
async function blockedBy(pid: number): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
    [pid],
  );
  return rows.map((row) => row.pid);
}

/** Waits until a backend waits on `pid`'s locks (its pid), or until `settled` says the request is done. */
async function waitingOn(pid: number, settled: () => boolean): Promise<number | 'settled'> {
  for (let tries = 0; tries < 500; tries += 1) {
    const [waiter] = await blockedBy(pid);
    if (waiter !== undefined) return waiter;
    if (settled()) return 'settled';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('nothing waited, and nothing settled');
}

/** A connection holding a row lock until `release`: the test's hand on the interleaving. */
async function holdRow(table: 'clients' | 'web_sessions', id: number | string) {
  const holder: PoolClient = await pool.connect();
  await holder.query('begin');
  await holder.query(`select id from ${table} where id = $1 for update`, [id]);
  const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
  let held = true;
  return {
    pid: rows[0]!.pid,
    release: async () => {
      if (!held) return;
      held = false;
      await holder.query('commit');
      holder.release();
    },
  };
}

function tracked<T>(promise: Promise<T>) {
  const state = { settled: false };
  void promise.finally(() => {
    state.settled = true;
  });
  return { promise, settled: () => state.settled };
}

describe('linking and deleting one identity take turns', () => {
  it('a link that started first commits, and the deletion that waited for it then unlinks the record', async () => {
    const { subject } = await embeddedAccount(db);
    const token = await recentSignIn(context.provider, subject);
    const { client, code, lastName: name } = await invitedRecord();
    const holder = await holdRow('clients', client.id);
    try {
      // The link has begun and waits for the record's row, which this test holds.
      const link = tracked(activate(token, code, name));
      const linkPid = await waitingOn(holder.pid, link.settled);
      expect(linkPid).not.toBe('settled');
      // The deletion waits for the link's turn on the identity to end (before the fix it went ahead).
      const deletion = tracked(deleteAccount(context.app, token));
      await waitingOn(linkPid as number, deletion.settled);
      await holder.release();
      const [linked, deleted] = await Promise.all([link.promise, deletion.promise]);
      expect(linked.statusCode, linked.body).toBe(200);
      expect(deleted.statusCode, deleted.body).toBe(200);
    } finally {
      await holder.release();
    }
    expect(await linkedSubject(client.id)).toBeNull();
  });

  it('a link that comes while the deletion runs waits for it, and is refused: the account is gone', async () => {
    const { subject } = await embeddedAccount(db);
    const token = await recentSignIn(context.provider, subject);
    const { client, code, lastName: name } = await invitedRecord();
    const [session] = await db
      .insert(webSessions)
      .values({
        tokenHash: `token-${unique()}`,
        identityIssuer: context.provider.issuer,
        identitySubject: subject,
        providerId: 'azure-ad',
        accessToken: 'access',
        accessTokenExpiresAt: new Date(Date.now() + 300_000),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: webSessions.id });
    const holder = await holdRow('web_sessions', session!.id);
    try {
      // The deletion has begun and waits to end the session row this test holds.
      const deletion = tracked(deleteAccount(context.app, token));
      const deletionPid = await waitingOn(holder.pid, deletion.settled);
      expect(deletionPid).not.toBe('settled');
      // The link waits for the deletion's turn on the identity (before the fix it linked at once).
      const link = tracked(activate(token, code, name));
      await waitingOn(deletionPid as number, link.settled);
      await holder.release();
      const [deleted, linked] = await Promise.all([deletion.promise, link.promise]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(linked.statusCode, linked.body).toBe(401);
      expect(apiErrorSchema.strict().parse(linked.json())).toMatchObject({ message: 'Sign in to continue.' });
    } finally {
      await holder.release();
    }
    expect(await linkedSubject(client.id)).toBeNull();
    const linkedEvents = await db
      .select({ id: practiceEvents.id })
      .from(practiceEvents)
      .where(and(eq(practiceEvents.recordId, client.id), eq(practiceEvents.type, 'client.linked')));
    expect(linkedEvents).toEqual([]);
  });

  it('after the deletion, the deleted account’s token links nothing: code, invitation or sign-up', async () => {
    const { subject, email } = await embeddedAccount(db);
    const token = await recentSignIn(context.provider, subject, { email, email_verified: true });
    expect((await deleteAccount(context.app, token)).statusCode).toBe(200);

    const invited = await invitedRecord();
    const byInvitation = await activate(token, invited.code, invited.lastName);
    const coded = await createClient(db);
    const code = '246810';
    await createVerificationCode(db, {
      clientId: coded.id,
      identityIssuer: context.provider.issuer,
      identitySubject: subject,
      codeHash: hashCode(testConfig(database.url).verificationCodePepper, code),
    });
    const byCode = await context.app.inject({
      method: 'PATCH',
      url: '/client/verify',
      headers: { authorization: `Bearer ${token}` },
      payload: { code, clientId: coded.id },
    });
    const practice = await createPractice(db);
    const salutation = await createSalutation(db);
    const bySignUp = await context.app.inject({
      method: 'POST',
      url: '/client/signup',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        salutationId: salutation.id,
        firstName: 'Ivy',
        lastName: lastName(),
        mobilePhone: '07400 123456',
        address: { line1: '1 High Street', line2: null, town: 'London', county: null, postcode: 'SW4 0LN' },
        homePracticeId: practice.id,
        contactPreferences: {
          reminders: { email: true, sms: false, phone: false, post: false },
          marketing: { email: false, sms: false, phone: false, post: false },
          messages: { email: true, sms: false, phone: false, post: false },
        },
      },
    });

    for (const response of [byInvitation, byCode, bySignUp]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({ statusCode: 401 });
    }
    expect(await linkedSubject(invited.client.id)).toBeNull();
    expect(await linkedSubject(coded.id)).toBeNull();
    const records = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.identitySubject, subject));
    expect(records).toEqual([]);
  });

  it('with an external provider, a link after the deletion is a new online account, as a new sign-in’s is', async () => {
    const subject = `subject-${unique()}`;
    const token = await recentSignIn(external.provider, subject);
    expect((await deleteAccount(external.app, token)).statusCode).toBe(200);

    const invited = await invitedRecord();
    const linked = await activate(token, invited.code, invited.lastName, external.app);

    expect(linked.statusCode, linked.body).toBe(200);
    expect(await linkedSubject(invited.client.id)).toBe(subject);
  });
});
