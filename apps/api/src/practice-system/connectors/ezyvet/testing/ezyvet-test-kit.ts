import type { PracticeEventData, PracticeEventType } from '@vet/contracts/practice-events';
import type {
  OutboundEvent,
  ReadKind,
  ReadRecord,
  RefusedRead,
  VendorCallObserver,
  VendorConnection,
} from '../../vendor-port.ts';
import { createEzyvetConnection, type EzyvetConnectionOptions } from '../ezyvet-connection.ts';
import { seedDemoPractice, type DemoSeed } from './ezyvet-demo-seed.ts';
import { standInCredentials, startEzyvetStandIn, type EzyvetStandIn } from './ezyvet-stand-in.ts';
import { createManualClock, type ManualClock } from './manual-clock.ts';

export interface DemoSite {
  clock: ManualClock;
  standIn: EzyvetStandIn;
  seed: DemoSeed;
  connection: VendorConnection;
  calls: Parameters<VendorCallObserver['call']>[];
}

/** A stand-in holding the demo group's first practice, and a connection to it sharing one manual clock. */
export async function startDemoSite(options: Partial<EzyvetConnectionOptions> = {}): Promise<DemoSite> {
  const clock = createManualClock(Date.parse('2026-11-27T09:00:00Z'));
  const standIn = await startEzyvetStandIn({ clock });
  const seed = await seedDemoPractice(standIn, { from: '2026-11-27', days: 14 });
  // A window ends the second before the vendor's clock (ezyvet-window.ts): the seed's second must be past.
  clock.advance(1_000);
  const calls: DemoSite['calls'] = [];
  const connection = createEzyvetConnection(
    {
      baseUrl: standIn.url,
      credentials: {
        partnerId: standInCredentials.partner_id,
        clientId: standInCredentials.client_id,
        clientSecret: standInCredentials.client_secret,
        scope: 'read-appointment write-appointment',
      },
      practiceRef: seed.practiceRef,
      pageSize: 5,
      ...options,
    },
    { clock, observer: { call: (...call) => void calls.push(call) } },
  );
  return { clock, standIn, seed, connection, calls };
}

export interface KindSync {
  records: ReadRecord[];
  deleted: string[];
  /** What the connection would not map, with its reasons (decision 0130). */
  refused: RefusedRead[];
  cursor: string | null;
  pages: number;
}

/** Reads a kind until it has nothing more now, from a cursor, as the layer would. */
export async function syncKind(
  connection: VendorConnection,
  kind: ReadKind,
  cursor: string | null,
): Promise<KindSync> {
  const result: KindSync = { records: [], deleted: [], refused: [], cursor, pages: 0 };
  for (let more = true; more;) {
    const page = await connection.read(kind, result.cursor);
    result.records.push(...page.records);
    result.deleted.push(...page.deleted);
    result.refused.push(...(page.refused ?? []));
    result.cursor = page.cursor;
    result.pages += 1;
    more = page.more;
    if (result.pages > 200) throw new Error(`${kind} never finished`);
  }
  return result;
}

/** Every kind of the connection, parents first. */
export async function syncAll(
  connection: VendorConnection,
  cursors: Partial<Record<ReadKind, string | null>> = {},
) {
  const synced = new Map<ReadKind, KindSync>();
  for (const kind of connection.readKinds)
    synced.set(kind, await syncKind(connection, kind, cursors[kind] ?? null));
  return synced;
}

let nextId = 9000;

/** A portal event as the layer hands it over, its references resolved. */
export function portalEvent<T extends PracticeEventType>(
  type: T,
  data: PracticeEventData<T>,
): OutboundEvent<T> {
  return { id: `evt_${++nextId}`, type, timestamp: '2026-11-27T09:00:00.000Z', data };
}

/** An online booking of a demo pet with a demo clinician and reason (refs are the stand-in's ids). */
export function onlineBooking(
  seed: DemoSite['seed'],
  at: { startsAt: string; endsAt: string; clinician?: string },
) {
  const ref = (map: Map<string, number>, key: string) => String(map.get(key));
  return portalEvent('appointment.booked', {
    appointment_id: ++nextId,
    appointment_ref: null,
    practice_id: 1,
    practice_ref: seed.practiceRef,
    clinician_id: 1,
    clinician_ref: ref(seed.resources, at.clinician ?? 'CLIN-0001'),
    client_id: 1,
    client_ref: ref(seed.contacts, 'CLI-000001'),
    pet_id: 1,
    pet_ref: ref(seed.animals, 'PET-000001'),
    reason_id: 1,
    reason_ref: ref(seed.types, 'REASON-CONSULT'),
    starts_at: at.startsAt,
    ends_at: at.endsAt,
    status: 'Booked',
    notes: null,
  });
}
