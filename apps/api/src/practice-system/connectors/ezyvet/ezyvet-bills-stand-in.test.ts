import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { BillKind, BillRows } from '../bill-rows.ts';
import type { VendorConnection } from '../vendor-port.ts';
import { portalEvent, startDemoSite, type DemoSite } from './testing/ezyvet-test-kit.ts';

let site: DemoSite;
beforeEach(async () => {
  site = await startDemoSite();
});
afterEach(async () => {
  // The contract: every request fitted the shapes the stand-in takes (testing/ezyvet-requests.ts).
  expect(site.standIn.violations).toEqual([]);
  await site.standIn.close();
});

/** Reads a kind of bill until nothing more is waiting, as the layer reads a kind. */
async function syncBills(connection: VendorConnection, kind: BillKind, cursor: string | null = null) {
  const rows: BillRows = {
    'estimates.csv': [],
    'estimate_lines.csv': [],
    'invoices.csv': [],
    'invoice_lines.csv': [],
  };
  const deleted: string[] = [];
  for (let more = true, pages = 0; more; pages += 1) {
    if (pages > 50) throw new Error('never finished');
    const page = await connection.read(kind, cursor);
    // Back to the files' rows: each record, and its lines with their record's reference.
    const [file, linesFile, ref, child] =
      kind === 'estimates'
        ? (['estimates.csv', 'estimate_lines.csv', 'estimate_ref', 'estimate_lines'] as const)
        : (['invoices.csv', 'invoice_lines.csv', 'invoice_ref', 'invoice_lines'] as const);
    for (const record of page.records) {
      const { [child]: lines, ...body } = record.body as Record<string, unknown>;
      rows[file].push(body as Record<string, string>);
      for (const line of lines as Record<string, string>[])
        rows[linesFile].push({ [ref]: record.ref, ...line });
    }
    deleted.push(...page.deleted);
    cursor = page.cursor;
    more = page.more;
  }
  return { rows, deleted, cursor };
}

const seconds = (iso: string) => Date.parse(iso) / 1000;
const line = { name: 'Consultation', quantity: '1', price: '50.00', tax_rate: '20', total: '60.00' };

describe('ezyVet bills through the stand-in', () => {
  it('reads invoices with their own lines by window, and a change in the next window', async () => {
    const { db } = site.standIn;
    const contact = site.seed.contacts.get('CLI-000001')!;
    const animal = site.seed.animals.get('PET-000001')!;
    const invoices = Array.from({ length: 7 }, (_, index) =>
      db.insert('invoice', {
        invoice_number: `INV-${index + 1}`,
        contact_id: contact,
        date: seconds('2026-11-26T15:00:00Z'),
        due_date: null,
        total: '60.00',
        total_tax: '10.00',
        amount_paid: '0',
      }),
    );
    for (const invoice of invoices)
      db.insert('invoiceline', { ...line, invoice_id: invoice.id, animal_id: animal });
    site.clock.advance(1_000);

    const first = await syncBills(site.connection, 'invoices');
    expect(first.rows['invoices.csv']).toHaveLength(7);
    expect(first.rows['invoice_lines.csv']).toHaveLength(7);
    expect(first.rows['invoice_lines.csv'][0]).toMatchObject({
      invoice_ref: String(invoices[0]!.id),
      pet_ref: String(animal),
      vat_rate: 'standard',
    });

    db.update('invoice', invoices[2]!.id, { amount_paid: '60.00' });
    db.update('invoice', invoices[3]!.id, { active: false });
    site.clock.advance(1_000);
    const next = await syncBills(site.connection, 'invoices', first.cursor);
    expect(next.rows['invoices.csv'].map((row) => [row.invoice_ref, row.status])).toEqual([
      [String(invoices[2]!.id), 'paid'],
    ]);
    expect(next.deleted).toEqual([String(invoices[3]!.id)]);
  });

  it('reads an estimate sent to the owner and leaves a draft out', async () => {
    const { db } = site.standIn;
    const contact = site.seed.contacts.get('CLI-000001')!;
    const estimate = (status: 'Sent' | 'Created') =>
      db.insert('estimate', {
        contact_id: contact,
        name: 'Dental',
        date: seconds('2026-11-26T15:00:00Z'),
        expiry_date: null,
        status,
        total: '60.00',
        total_tax: '10.00',
        items: [{ ...line, animal_id: null }],
      });
    const sent = estimate('Sent');
    estimate('Created');
    site.clock.advance(1_000);
    const { rows } = await syncBills(site.connection, 'estimates');
    expect(rows['estimates.csv'].map((row) => [row.estimate_ref, row.status])).toEqual([
      [String(sent.id), 'proposed'],
    ]);
    expect(rows['estimate_lines.csv']).toHaveLength(1);
  });
});

describe('an owner’s answer written to ezyVet', () => {
  const answer = (site: DemoSite): PracticeEventData<'estimate.accepted'> => ({
    estimate_id: 12,
    estimate_ref: '41',
    practice_id: 1,
    practice_ref: 'PRA-000001',
    client_id: 1,
    client_ref: String(site.seed.contacts.get('CLI-000001')),
    revision: 1,
    total_pence: 6000,
    // A moment before the stand-in's clock (09:00:01): the answer is older than its write.
    answered_at: '2026-11-27T08:59:30.000Z',
  });

  it('puts one communication on the contact, however often it is retried', async () => {
    const first = await site.connection.write(portalEvent('estimate.accepted', answer(site)));
    const again = await site.connection.write(portalEvent('estimate.accepted', answer(site)));
    expect(first).toEqual({ outcome: 'written', refs: {} });
    expect(again).toEqual(first);
    const notes = site.standIn.db.tables.communication.filter((row) =>
      row.subject.includes('portal estimate 12 revision 1'),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      animal_id: null,
      contact_id: site.seed.contacts.get('CLI-000001'),
      status: 'Done',
    });
  });
});
