import type { ReadKind, ReadRecord, VendorConnection } from '../../vendor-port.ts';
import {
  createProvetCloudConnection,
  type ProvetCloudDeps,
  type ProvetCloudOptions,
} from '../provet-cloud-connection.ts';
import type { ConnectionClock } from '../rolling-window.ts';
import {
  startProvetStandIn,
  type ProvetStandIn,
  type ProvetStandInOptions,
} from './provet-cloud-stand-in.ts';
import { type DemoSeedIds, seedDemoGroup } from './provet-demo-seed.ts';

/** A test's clock: sleeping moves it on at once, so a test waits for nothing real. */
export class FakeClock implements ConnectionClock {
  readonly slept: number[] = [];
  constructor(public time: number) {}
  now = () => this.time;
  sleep = (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    this.slept.push(ms);
    this.time += ms;
    return Promise.resolve();
  };
  advance(ms: number): void {
    this.time += ms;
  }
}

/** The demo export's anchor week (packages/practice-import/src/demo/demo-export.ts), Monday 08:00 UK. */
export const demoStart = Date.parse('2026-11-23T08:00:00Z');
/** Species codes the stand-in knows (provet-store.ts). */
export const standInSpeciesCodes = { Dog: 22001, Cat: 22002, Rabbit: 22003 };

export interface Kit {
  clock: FakeClock;
  standIn: ProvetStandIn;
  ids: DemoSeedIds;
  connect(options?: Partial<ProvetCloudOptions>, deps?: ProvetCloudDeps): VendorConnection;
}

/** The stand-in with the demo group seeded an hour before `demoStart`, and a connection to PRAC-0001's department. */
export async function startKit(options: ProvetStandInOptions = {}): Promise<Kit> {
  const clock = new FakeClock(demoStart - 3_600_000);
  const standIn = await startProvetStandIn({ now: clock.now, ...options });
  const ids = seedDemoGroup(standIn.store, '2026-11-23', 28);
  clock.advance(3_600_000);
  return {
    clock,
    standIn,
    ids,
    connect: (overrides = {}, deps = {}) =>
      createProvetCloudConnection(
        {
          origin: standIn.origin,
          provetId: standIn.provetId,
          clientId: standIn.clientId,
          clientSecret: standIn.clientSecret,
          departmentId: String(ids.departments.get('PRAC-0001')),
          practiceRef: 'PRAC-0001',
          rotaDays: 28,
          nurseGroupIds: ['2'],
          speciesCodes: standInSpeciesCodes,
          // A custom page size counts its cost by the installation's default (ratelimit.html).
          ...(overrides.pageSize === undefined ? {} : { vendorDefaultPageSize: standIn.defaultPageSize }),
          ...overrides,
        },
        { clock, ...deps },
      ),
  };
}

/** Every page of a kind from the cursor, as the layer would read them one after another. */
export async function readAll(connection: VendorConnection, kind: ReadKind, cursor: string | null = null) {
  const records: ReadRecord[] = [];
  const deleted: string[] = [];
  let pages = 0;
  for (;;) {
    const page = await connection.read(kind, cursor);
    pages += 1;
    records.push(...page.records);
    deleted.push(...page.deleted);
    cursor = page.cursor;
    if (!page.more) return { records, deleted, cursor, pages };
  }
}

/** An issued invoice of the client at the first practice, with one row (provet-bills.ts reads them). */
export function insertInvoice(kit: Kit, clientId: number, fields: Record<string, unknown> = {}) {
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
