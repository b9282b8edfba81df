import { jsonRecords, recordFiles, type RecordFile } from '@vet/practice-import/testing/json-records';
import type { ListValueCodes } from '@vet/practice-import/apply-records';
import type { testGroup } from '@vet/practice-import/testing/test-group';
import {
  VendorUnavailable,
  type OutboundEvent,
  type ReadKind,
  type ReadPage,
  type VendorConnection,
  type WriteResult,
} from '../vendor-port.ts';

type Group = ReturnType<typeof testGroup>;

const kindOfFile: Partial<Record<RecordFile, ReadKind>> = {
  'practices.csv': 'practices',
  'clinicians.csv': 'clinicians',
  'closures.csv': 'closures',
  'appointment_reasons.csv': 'appointment-reasons',
  'clients.csv': 'clients',
  'pets.csv': 'pets',
  'vaccinations.csv': 'vaccinations',
};
const refFields: Record<ReadKind, string> = {
  practices: 'practice_ref',
  clinicians: 'clinician_ref',
  closures: 'closure_ref',
  'appointment-reasons': 'reason_ref',
  prices: 'price_ref',
  clients: 'client_ref',
  pets: 'pet_ref',
  vaccinations: 'vaccination_ref',
  appointments: 'appointment_ref',
  estimates: 'estimate_ref',
  invoices: 'invoice_ref',
};
const readKinds: ReadKind[] = [
  'practices',
  'clinicians',
  'closures',
  'appointment-reasons',
  'clients',
  'pets',
  'vaccinations',
  'appointments',
];

interface Stored {
  ref: string;
  body: Record<string, unknown>;
  /** The system's ids of the body's list values, as a vendor's connection gives them (ReadRecord.codes). */
  codes?: ListValueCodes | undefined;
  version: number;
  deleted: boolean;
}

/**
 * A practice system held in memory, speaking the connector port directly (no vendor's HTTP): the layer's
 * tests use it to drive reads, deletions, outages and refused writes. The vendors' own stand-ins
 * (ezyvet/testing, provet-cloud/testing) test the HTTP.
 */
export class MemoryPracticeSystem implements VendorConnection {
  readonly system = 'ezyvet' as const;
  readonly readKinds = readKinds;
  readonly written: OutboundEvent[] = [];
  /** Reads fail (VendorUnavailable) while this is set; `readsLeft` first lets that many reads through. */
  down: { readsLeft: number } | null = null;
  /** The next write answers this. */
  nextWrite: WriteResult | 'unavailable' | null = null;
  private version = 0;
  private readonly store = new Map<ReadKind, Map<string, Stored>>(readKinds.map((k) => [k, new Map()]));

  constructor(private readonly pageSize = 50) {}

  /** Holds a test group (practice-import's testGroup) as the system's records. */
  static of(group: Group, pageSize?: number): MemoryPracticeSystem {
    const system = new MemoryPracticeSystem(pageSize);
    for (const file of recordFiles) {
      const kind = kindOfFile[file];
      if (!kind) continue;
      for (const body of jsonRecords(group, file)) system.put(kind, String(body[refFields[kind]]), body);
    }
    for (const row of group.files['appointments.csv']) {
      const { appointment_ref: ref, ...body } = row;
      system.put('appointments', String(ref), { ...body, notes: body.notes || null });
    }
    return system;
  }

  put(kind: ReadKind, ref: string, body: Record<string, unknown>, codes?: ListValueCodes): void {
    const { [refFields[kind]]: _, ...rest } = body;
    this.store.get(kind)!.set(ref, { ref, body: rest, codes, version: ++this.version, deleted: false });
  }

  /** A record changed in the system; `codes` replace its list values' ids (none: it keeps those it had). */
  change(kind: ReadKind, ref: string, change: Record<string, unknown>, codes?: ListValueCodes): void {
    const stored = this.store.get(kind)!.get(ref);
    if (!stored) throw new Error(`no ${kind} ${ref}`);
    this.put(kind, ref, { ...stored.body, ...change }, codes ?? stored.codes);
  }

  delete(kind: ReadKind, ref: string): void {
    const stored = this.store.get(kind)!.get(ref);
    if (stored) this.store.get(kind)!.set(ref, { ...stored, deleted: true, version: ++this.version });
  }

  body(kind: ReadKind, ref: string): Record<string, unknown> | undefined {
    return this.store.get(kind)!.get(ref)?.body;
  }

  read<K extends ReadKind>(kind: K, cursor: string | null): Promise<ReadPage<K>> {
    return Promise.resolve().then(() => this.readNow(kind, cursor));
  }

  private readNow<K extends ReadKind>(kind: K, cursor: string | null): ReadPage<K> {
    if (this.down) {
      if (this.down.readsLeft === 0) throw new VendorUnavailable('down', 30_000);
      this.down.readsLeft -= 1;
    }
    const after = cursor === null ? 0 : Number(cursor);
    const changed = [...this.store.get(kind)!.values()]
      .filter((s) => s.version > after)
      .sort((a, b) => a.version - b.version);
    const page = changed.slice(0, this.pageSize);
    const last = page.at(-1)?.version ?? after;
    return {
      records: page
        .filter((s) => !s.deleted)
        .map((s) => ({
          ref: s.ref,
          body: s.body,
          ...(s.codes ? { codes: s.codes } : {}),
        })) as unknown as ReadPage<K>['records'],
      deleted: page.filter((s) => s.deleted).map((s) => s.ref),
      cursor: String(last),
      more: changed.length > page.length,
    };
  }

  write(event: OutboundEvent): Promise<WriteResult> {
    return Promise.resolve().then(() => this.writeNow(event));
  }

  private writeNow(event: OutboundEvent): WriteResult {
    const answer = this.nextWrite;
    this.nextWrite = null;
    if (answer === 'unavailable') throw new VendorUnavailable('down');
    if (answer) return answer;
    this.written.push(event);
    const data = event.data as Record<string, unknown>;
    // Only what a booking system takes; every other event has nothing to write.
    // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
    switch (event.type) {
      case 'appointment.booked':
      case 'guest_hold.completed':
        return { outcome: 'written', refs: { appointment_ref: `SYS-APPT-${String(data.appointment_id)}` } };
      case 'client.registered':
        return { outcome: 'written', refs: { client_ref: `SYS-CLI-${String(data.client_id)}` } };
      case 'pet.registered':
        return { outcome: 'written', refs: { pet_ref: `SYS-PET-${String(data.pet_id)}` } };
      case 'appointment.amended':
      case 'appointment.cancelled':
        return { outcome: 'written', refs: {} };
      default:
        return { outcome: 'not-applicable' };
    }
  }
}
