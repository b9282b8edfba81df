import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDepsOf } from './testing/sync-deps.ts';
import { syncCycle, type ConnectorRuntime, type SyncDeps } from './connector-sync.ts';
import { insertInvoice, startKit, type Kit } from './provet-cloud/testing/provet-test-kit.ts';

/**
 * Issue 63 (decision 0155): a pass through a connector applies the system's invoices as the portal's
 * bills, by the import's rules: lines and totals to the penny, a bill that does not add up refused and
 * reported, a voided one taken off.
 */
const own = useOwnDatabase('bills_provet');
let kit: Kit;
let runtime: ConnectorRuntime;

const deps = (): SyncDeps => syncDepsOf(own.current, () => new Date(kit.clock.now()));

const bills = async () =>
  (
    await own.current.pool.query<{ ref: string; total: number; vat: number; lines: number; status: string }>(
      `select i.pms_ref as ref, i.total_pence as total, i.vat_pence as vat, i.status::text as status,
              (select count(*)::int from practice_invoice_lines l where l.invoice_id = i.id) as lines
         from practice_invoices i order by i.pms_ref`,
    )
  ).rows;

beforeAll(async () => {
  await seedImportLookups(own.current);
  kit = await startKit();
  runtime = { name: 'bills', practices: ['PRAC-0001'], pollSeconds: 15, connection: kit.connect() };
});
afterAll(async () => {
  await kit?.standIn.close();
});

describe('invoices through the Provet Cloud connector', () => {
  it('stores an issued invoice with its lines, and reports one whose lines do not add up', async () => {
    const client = kit.ids.clients.get('CLI-000001')!;
    const good = insertInvoice(kit, client);
    const bad = insertInvoice(kit, client, { invoice_number: 1043, total_with_vat: '70.00' });
    kit.clock.advance(60_000);
    // A pass at a time: the first may stop at a kind's page limit, as the layer's passes do.
    for (let pass = 0; pass < 10 && (await bills()).length === 0; pass += 1) await syncCycle(deps(), runtime);

    expect(await bills()).toEqual([
      { ref: String(good.id), total: 6000, vat: 1000, lines: 1, status: 'issued' },
    ]);
    const refused = await own.current.pool.query<{ ref: string; reasons: { path: string }[] }>(
      `select ref, reasons from connector_refusals where kind = 'invoices'`,
    );
    expect(refused.rows.map((row) => [row.ref, row.reasons.map((reason) => reason.path)])).toEqual([
      [String(bad.id), ['total']],
    ]);
  });

  it('takes a voided invoice off the client’s bills on a later pass', async () => {
    const [stored] = await bills();
    kit.clock.advance(10 * 60_000);
    kit.standIn.store.update('invoice', Number(stored!.ref), { status: 99 });
    kit.clock.advance(10 * 60_000);
    for (let pass = 0; pass < 10 && (await bills()).length > 0; pass += 1) await syncCycle(deps(), runtime);
    expect(await bills()).toEqual([]);
  });
});
