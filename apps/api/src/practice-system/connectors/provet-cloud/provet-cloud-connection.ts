import type { PriceMap } from '../price-map.ts';
import { writeEvent, type ReadKind, type VendorCallObserver, type VendorConnection } from '../vendor-port.ts';
import { ProvetHttp, type ProvetHttpOptions } from './provet-http.ts';
import { ProvetReader } from './provet-read.ts';
import { ProvetWriter } from './provet-write.ts';
import { type ConnectionClock, realClock } from './rolling-window.ts';

/** One Provet Cloud department (a site) as one portal practice (decision 0108). */
export interface ProvetCloudOptions extends ProvetHttpOptions {
  /** The department's id in Provet Cloud: its appointments, shifts and bookings. */
  departmentId: string;
  /** The portal's practice_ref this department maps to: every record read names it. */
  practiceRef: string;
  /**
   * Records a page. Unset (the default), no page_size is sent: each page is the installation's default
   * size and costs one request. "Specifying a custom page size for paginated endpoints will use an amount
   * of requests proportional to the default page size" (ratelimit.html), and the pages read give that
   * default only by example (50 there; pagination.html's "up to 1000" is the most a page holds), so a
   * custom size needs `vendorDefaultPageSize`, the default the installation's schema shows, to count it.
   */
  pageSize?: number;
  /** Days of shifts read as the clinicians' rota, from today. Default 56. */
  rotaDays?: number;
  /** Minutes between whole reads of the rota (users and shifts; also on a new day). Default 15. */
  rotaRefreshMinutes?: number;
  /** User groups whose members are nurses (Provet's user records name no role in the documentation read). */
  nurseGroupIds?: readonly string[];
  /** The portal practice of each of the installation's departments, for clients' home practices. */
  practiceRefsByDepartment?: Readonly<Record<string, string>>;
  /** Provet's species codes by the portal's species names, for new patients. */
  speciesCodes?: Readonly<Record<string, number>>;
  /** The items that price the practice's list, by band (decision 0147); none: prices are not read. */
  priceMap?: PriceMap;
}

export interface ProvetCloudDeps {
  fetch?: typeof fetch;
  clock?: ConnectionClock;
  observer?: VendorCallObserver;
}

/**
 * Parents first: the order a first sync applies them in. Closures and appointments both read the diary
 * (`appointment/`), so they come one after the other: its limit is then used without a gap while the
 * other endpoints are read (decision 0115). Vaccinations after the pets they name (decision 0120).
 * Prices after the reasons they price, and only where the operator mapped items (decision 0147).
 * Invoices after the clients and pets they name; no estimates: Provet documents no estimate resource
 * (decision 0155), so they come by the integration API.
 */
const readKinds: readonly ReadKind[] = [
  'practices',
  'clinicians',
  'appointment-reasons',
  'prices',
  'clients',
  'pets',
  'vaccinations',
  'closures',
  'appointments',
  'invoices',
];

export function createProvetCloudConnection(
  options: ProvetCloudOptions,
  deps: ProvetCloudDeps = {},
): VendorConnection {
  if (options.pageSize !== undefined && options.vendorDefaultPageSize === undefined)
    throw new Error(
      'Provet Cloud: a custom page size needs the installation’s default page size to count its cost.',
    );
  const clock = deps.clock ?? realClock;
  const http = new ProvetHttp(options, { fetch: deps.fetch ?? fetch, clock, observer: deps.observer });
  const reader = new ProvetReader(
    http,
    {
      departmentId: options.departmentId,
      practiceRef: options.practiceRef,
      pageSize: options.pageSize,
      rotaDays: options.rotaDays ?? 56,
      rotaRefreshMs: (options.rotaRefreshMinutes ?? 15) * 60_000,
      nurseGroupIds: new Set(options.nurseGroupIds ?? []),
      practiceRefsByDepartment: options.practiceRefsByDepartment ?? {},
      priceMap: options.priceMap ?? [],
    },
    () => clock.now(),
  );
  const speciesCodes = Object.fromEntries(
    Object.entries(options.speciesCodes ?? {}).map(([name, code]) => [name.toLowerCase(), code]),
  );
  const departmentOfPractice: Record<string, string> = { [options.practiceRef]: options.departmentId };
  for (const [department, ref] of Object.entries(options.practiceRefsByDepartment ?? {})) {
    departmentOfPractice[ref] ??= department;
  }
  const writer = new ProvetWriter(http, {
    departmentId: options.departmentId,
    speciesCodes,
    departmentOfPractice,
  });
  return {
    system: 'provet-cloud',
    readKinds: (options.priceMap ?? []).length > 0 ? readKinds : readKinds.filter((k) => k !== 'prices'),
    read: (kind, cursor, signal) => reader.read(kind, cursor, signal),
    write: (event, signal) => writeEvent(writer, event, signal),
  };
}
