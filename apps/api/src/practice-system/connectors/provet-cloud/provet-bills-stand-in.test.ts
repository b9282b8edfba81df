import type { ReadPage } from '../vendor-port.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertInvoice as invoice, startKit, type Kit } from './testing/provet-test-kit.ts';

let kit: Kit;
beforeEach(async () => {
  kit = await startKit();
});
afterEach(async () => {
  // The contract: every request fitted what the stand-in takes (documented filters, no other field).
  expect(kit.standIn.control.violations).toEqual([]);
  await kit.standIn.close();
});

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
      const page: ReadPage<'invoices'> = await connection.read('invoices', cursor);
      refs.push(...page.records.map((record) => record.ref));
      for (const record of page.records) lines += (record.body.invoice_lines as unknown[]).length;
      cursor = page.cursor;
      more = page.more;
    }
    expect(refs).toEqual([String(first.id)]);
    expect(lines).toBe(1);

    kit.clock.advance(10 * 60_000);
    kit.standIn.store.update('invoice', second.id, { status: 99 });
    const next = await connection.read('invoices', cursor);
    expect(next.records).toEqual([]);
    expect(next.deleted).toEqual([String(second.id)]);
  });

  it('reads no estimates: Provet documents none', async () => {
    expect(kit.connect().readKinds).toContain('invoices');
    expect(kit.connect().readKinds).not.toContain('estimates');
    const page = await kit.connect().read('estimates', null);
    expect(page.records).toEqual([]);
    expect(page.more).toBe(false);
  });
});
