import { writeEvent, type ReadKind, type ReadPage, type VendorConnection } from '../vendor-port.ts';
import { EzyvetCatalog } from './ezyvet-catalog.ts';
import { EzyvetHttp, type EzyvetConnectionOptions, type EzyvetDeps } from './ezyvet-http.ts';
import { EzyvetReadAhead } from './ezyvet-read-ahead.ts';
import { EzyvetReader } from './ezyvet-read.ts';
import { EzyvetWriter } from './ezyvet-write.ts';

export type { EzyvetClock, EzyvetConnectionOptions, EzyvetDeps } from './ezyvet-http.ts';

/**
 * The kinds ezyVet gives, parents first. Closures are a clinician's block-out planning guides (decision
 * 0116); a practice-wide closure has no place in ezyVet's API and still comes by the import. Prices
 * after the reasons they price, read only where the operator mapped products (decision 0147).
 */
const readKinds = [
  'practices',
  'clinicians',
  'closures',
  'appointment-reasons',
  'prices',
  'clients',
  'pets',
  'vaccinations',
  'appointments',
  // After the clients and pets their bills name (decision 0155).
  'estimates',
  'invoices',
] as const satisfies readonly ReadKind[];

/** One ezyVet site as the connector layer's VendorConnection (decision 0106's port, decision 0107). */
export function createEzyvetConnection(
  options: EzyvetConnectionOptions,
  deps: EzyvetDeps = {},
): VendorConnection {
  const http = new EzyvetHttp(options, deps);
  const catalog = new EzyvetCatalog(http);
  const reader = new EzyvetReader(http, catalog);
  const ahead = new EzyvetReadAhead((kind, cursor, signal) => reader.read(kind, cursor, signal));
  const writer = new EzyvetWriter(http, catalog);
  return {
    system: 'ezyvet',
    readKinds: (options.priceMap ?? []).length > 0 ? readKinds : readKinds.filter((k) => k !== 'prices'),
    read: <K extends ReadKind>(kind: K, cursor: string | null, signal?: AbortSignal): Promise<ReadPage<K>> =>
      ahead.read(kind, cursor, signal),
    readAhead: (cursors, signal) => ahead.start(cursors, signal),
    write: (event, signal) => writeEvent(writer, event, signal),
  };
}
