import { smsOutbox } from '@vet/db/schema/reminders';
import { createClient } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteAccount, recentSignIn, unique, useDeletionApp } from './testing/deletion-fixtures.ts';

/**
 * Security round three, finding 8 (docs/security/hardening.md): the SMS outbox kept the person's number,
 * the message and its manage link after the deletion. Sent and given-up texts go, as the e-mail outbox's
 * copies do; one still waiting is left to go.
 */

const database = useTestDatabase();
const { db } = database;
const context = useDeletionApp(database);

/** A UK mobile number no other test uses, as the record writes it and as the SMS outbox (E.164) does. */
function mobileNumber() {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return { written: `07400 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+447400${digits}` };
}

describe('deleting an online account erases the texts sent to the person', () => {
  it('erases the sent and given-up texts to the record’s mobile, and keeps a waiting one and another person’s', async () => {
    const mobile = mobileNumber();
    const subject = `subject-${unique()}`;
    await createClient(db, {
      identityIssuer: context.provider.issuer,
      identitySubject: subject,
      linkedAt: new Date(),
      mobilePhone: mobile.written,
    });
    const someoneElse = mobileNumber();
    const text = (to: string, status: 'pending' | 'sent' | 'failed') => ({
      toNumber: to,
      body: `Harbour Vets: reminder of Rex's appointment. Confirm, cancel or change: http://portal.test/manage#1.${unique()}`,
      status,
    });
    const rows = await db
      .insert(smsOutbox)
      .values([
        text(mobile.e164, 'sent'),
        text(mobile.e164, 'failed'),
        text(mobile.e164, 'pending'),
        text(someoneElse.e164, 'sent'),
      ])
      .returning({ id: smsOutbox.id, to: smsOutbox.toNumber, status: smsOutbox.status });

    const response = await deleteAccount(context.app, await recentSignIn(context.provider, subject));

    expect(response.statusCode).toBe(200);
    const left = await db
      .select({ to: smsOutbox.toNumber, status: smsOutbox.status })
      .from(smsOutbox)
      .where(
        inArray(
          smsOutbox.id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(smsOutbox.id);
    expect(left).toEqual([
      { to: mobile.e164, status: 'pending' },
      { to: someoneElse.e164, status: 'sent' },
    ]);
  });
});
