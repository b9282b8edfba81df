import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startKit, type Kit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  // The contract: every request fitted what the stand-in takes (documented filters, no other field).
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

function invoice(kit: Kit, clientId: number, fields: Record<string, unknown> = {}) {
  const { store } = kit.standIn;
  const department = store.url('department', kit.ids.departments.get('PRAC-0001')!);
  const record = store.insert('invoice', {
    status: 3,
    invoice_number: 1042,
    invoice_prefix: 'INV',
    client: store.url('client', clientId),
    department,
    invoice_date: '2026-11-23',
    due_date: null,
    credit_note: false,
    countersale: false,
    total_with_vat: '60.00',
    total_vat: '10.00',
    paid_amount: '0.00',
    ...fields,
  });
  store.insert('invoicerow', {
    invoice: record.url,
    patient: null,
    name: 'Consultation',
    quantity: '1.000',
    unit_price: '50.00',
    vat_percentage: '20.00',
    total_with_vat: '60.00',
  });
  return record;
}

describe('Provet Cloud invoices through the stand-in', () => {
  it('sweeps the department’s invoices with their rows, then only what changed', async () => {
    const client = kit.ids.clients.get('CLI-000001')!;
    const first = invoice(kit, client);
    const second = invoice(kit, client, { status: 0, invoice_number: null });
    // Past the sweep's margin (provet-bill-reads.ts), so the next sweep reads only what changes after.
    kit.clock.advance(10 * 60_000);
    const connection = kit.connect({ pageSize: 1 });
    let cursor: string | null = null;
    const refs: string[] = [];
    let lines = 0;
    for (let more = true; more;) {
      const page = await connection.readBills!('invoices', cursor);
      refs.push(...page.rows['invoices.csv'].map((row) => row.invoice_ref ?? ''));
      lines += page.rows['invoice_lines.csv'].length;
      cursor = page.cursor;
      more = page.more;
    }
    expect(refs).toEqual([String(first.id)]);
    expect(lines).toBe(1);

    kit.clock.advance(10 * 60_000);
    kit.standIn.store.update('invoice', second.id, { status: 99 });
    const next = await connection.readBills!('invoices', cursor);
    expect(next.rows['invoices.csv']).toEqual([]);
    expect(next.deleted).toEqual([String(second.id)]);
  });

  it('answers no estimates: Provet documents none', async () => {
    const page = await kit.connect().readBills!('estimates', null);
    expect(page.rows['estimates.csv']).toEqual([]);
    expect(page.more).toBe(false);
  });
});
