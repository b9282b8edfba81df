import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import type { Database } from '@vet/db/connection';
import { createEstimate, createInvoice } from '@vet/db/testing/bill-factories';
import { createClient, createPet, createPractice } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { describe, expect, it } from 'vitest';
import { queueBillNotices } from './bill-notices.ts';

/**
 * Decisions 0151 and 0153: an owner with an online account is e-mailed a new bill and an estimate that
 * needs their answer, once a revision, never for one issued over a week ago or expired. Its own database:
 * the scan reads every client's bills.
 */
const database = useOwnDatabase('bill_notices');
const settings = { brandName: 'Harbour Vets', portalUrl: 'https://portal.example' };
const now = new Date();
const today = practiceDate(now);

async function owner(db: Database, overrides: Parameters<typeof createClient>[1] = {}) {
  const practice = await createPractice(db, { name: 'Harbour Vets Clapham', ownerName: 'Harbour Group Ltd' });
  const client = await createClient(db, {
    homePracticeId: practice.id,
    firstName: 'Olivia',
    identityIssuer: 'https://id.example',
    identitySubject: crypto.randomUUID(),
    ...overrides,
  });
  const pet = await createPet(db, { clientId: client.id, name: 'Rex' });
  return { owned: { practiceId: practice.id, clientId: client.id, issuedOn: today }, client, pet };
}

const outbox = async () =>
  (
    await database.current.pool.query<{ to_address: string; subject: string; text_body: string }>(
      'select to_address, subject, text_body from email_outbox order by id',
    )
  ).rows;

const clearOutbox = () => database.current.pool.query('delete from email_outbox');

describe('queueBillNotices', () => {
  it('e-mails a new estimate and a new bill once, line by line, with a link and the closing lines', async () => {
    const { db } = database.current;
    await clearOutbox();
    const { owned, client, pet } = await owner(db);
    const estimate = await createEstimate(db, { ...owned, title: 'Dental', expiresOn: addDays(today, 14) }, [
      { description: 'Scale and polish', unitPricePence: 20_000, petId: pet.id },
      { description: 'Chlorhexidine gel', quantity: '2', unitPricePence: 500 },
    ]);
    const invoice = await createInvoice(db, { ...owned, paidPence: 1_000 }, [
      { description: 'Consultation', unitPricePence: 4_500, petId: pet.id },
    ]);
    expect(await queueBillNotices(db, settings, now)).toEqual({ estimates: 1, invoices: 1 });
    expect(await queueBillNotices(db, settings, now)).toEqual({ estimates: 0, invoices: 0 });
    const [estimateMail, invoiceMail] = await outbox();
    expect(estimateMail).toMatchObject({
      to_address: client.email,
      subject: 'An estimate from Harbour Vets Clapham needs your answer',
    });
    for (const words of [
      'Scale and polish (Rex): £240.00',
      'Chlorhexidine gel × 2: £12.00',
      'Total £252.00, including VAT of £42.00.',
      `Read the estimate: https://portal.example/bills/estimates/${estimate.id}`,
      'Harbour Vets Clapham is owned by Harbour Group Ltd.',
      'https://portal.example/complaints',
    ])
      expect(estimateMail!.text_body).toContain(words);
    expect(invoiceMail!.subject).toBe('Your bill from Harbour Vets Clapham');
    expect(invoiceMail!.text_body).toContain('Still to pay: £44.00.');
    expect(invoiceMail!.text_body).toContain(`https://portal.example/bills/invoices/${invoice.id}`);
  });

  it('leaves out the old, the expired, the answered, the credited, and owners it cannot reach', async () => {
    const { db } = database.current;
    await clearOutbox();
    const line = [{ unitPricePence: 1_000 }];
    const { owned } = await owner(db);
    const eightDaysAgo = addDays(today, -(7 + 1));
    await createEstimate(db, { ...owned, issuedOn: eightDaysAgo }, line);
    await createEstimate(db, { ...owned, issuedOn: addDays(today, -1), expiresOn: addDays(today, -1) }, line);
    await createEstimate(db, { ...owned, answer: 'declined', answeredAt: now, declineReason: 'No' }, line);
    await createEstimate(db, { ...owned, status: 'accepted' }, line);
    await createInvoice(db, { ...owned, issuedOn: eightDaysAgo }, line);
    await createInvoice(db, { ...owned, status: 'credited' }, line);
    const offline = await owner(db, { identityIssuer: null, identitySubject: null });
    await createInvoice(db, offline.owned, line);
    const noAddress = await owner(db, { email: null });
    await createEstimate(db, noAddress.owned, line);
    expect(await queueBillNotices(db, settings, now)).toEqual({ estimates: 0, invoices: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('e-mails again a revision that asks again, not one that keeps the acceptance', async () => {
    const { db, pool } = database.current;
    await clearOutbox();
    const { owned } = await owner(db);
    // Issued a month ago: a revision is news of its own day.
    const estimate = await createEstimate(db, { ...owned, issuedOn: addDays(today, -30) }, [
      { unitPricePence: 100_000, vatRate: 'exempt' },
    ]);
    const accept = () =>
      pool.query(
        `update practice_estimates set answer = 'accepted', answered_at = now(), answered_revision = revision,
           agreed_total_pence = total_pence where id = $1`,
        [estimate.id],
      );
    const revise = (totalPence: number) =>
      pool.query('update practice_estimates set total_pence = $2 where id = $1', [estimate.id, totalPence]);
    await accept();
    await revise(110_000); // +10%, +£100: shown, not asked
    expect(await queueBillNotices(db, settings, now)).toEqual({ estimates: 0, invoices: 0 });
    await revise(130_000); // +30% over the £1,000 agreed: asked again
    expect(await queueBillNotices(db, settings, now)).toEqual({ estimates: 1, invoices: 0 });
    expect(await queueBillNotices(db, settings, now)).toEqual({ estimates: 0, invoices: 0 });
    const [mail] = await outbox();
    expect(mail!.subject).toBe('Harbour Vets Clapham has revised an estimate: please answer again');
  });

  it('writes each e-mail once when two workers scan at the same time', async () => {
    const { db } = database.current;
    await clearOutbox();
    const { owned } = await owner(db);
    for (let index = 0; index < 25; index += 1) {
      await createEstimate(db, owned, [{ unitPricePence: 1_000 + index }]);
      await createInvoice(db, owned, [{ unitPricePence: 2_000 + index }]);
    }
    const [first, second] = await Promise.all([
      queueBillNotices(db, settings, now, 5),
      queueBillNotices(db, settings, now, 5),
    ]);
    expect(first.estimates + second.estimates).toBe(25);
    expect(first.invoices + second.invoices).toBe(25);
    const mails = await outbox();
    expect(mails).toHaveLength(50);
    expect(new Set(mails.map((mail) => mail.text_body)).size).toBe(50);
  });
});
