import { Counter, Gauge, type Registry } from 'prom-client';
import type { VendorCallObserver } from './vendor-port.ts';

/**
 * What the operator watches of each connector (decision 0106): the calls to the system by endpoint and
 * status (429s among them), the records applied and refused by kind, and how long since each kind was last
 * read in full (the lag). Labels carry names of connectors, kinds and endpoints only, never a record.
 */
export interface ConnectorMetrics {
  observer(connector: string): VendorCallObserver;
  records(connector: string, kind: string, outcome: 'applied' | 'refused', count: number): void;
  writes(connector: string, outcome: string): void;
  caughtUp(connector: string, kind: string, at: Date): void;
  /**
   * A pass ended (decision 0130): read to its end (`read`) or failed by a code, with the connector's
   * failed passes in a row since its last good one and when that was.
   */
  pass(connector: string, outcome: string, failedInARow: number, lastGoodPassAt: Date | null): void;
  /** The desk bookings read and refused, held now: times the portal may offer wrongly. */
  refusedDeskBookings(connector: string, count: number): void;
}

export function createConnectorMetrics(registry: Registry | undefined): ConnectorMetrics | undefined {
  if (!registry) return undefined;
  const registers = [registry];
  const calls = new Counter({
    name: 'portal_connector_calls_total',
    help: "Calls to a practice system's API, by connector, endpoint and answer (an HTTP status, timeout or network).",
    labelNames: ['connector', 'endpoint', 'status'],
    registers,
  });
  const records = new Counter({
    name: 'portal_connector_records_total',
    help: 'Records a connector read, by kind and whether the portal applied or refused them.',
    labelNames: ['connector', 'kind', 'outcome'],
    registers,
  });
  const writes = new Counter({
    name: 'portal_connector_writes_total',
    help: 'Events a connector wrote into the practice system, by outcome (written, not-applicable, refused, failed).',
    labelNames: ['connector', 'outcome'],
    registers,
  });
  const caughtUp = new Gauge({
    name: 'portal_connector_caught_up_seconds',
    help: 'When a connector last read a kind to its end (Unix seconds): now minus this is its lag.',
    labelNames: ['connector', 'kind'],
    registers,
  });
  const passes = new Counter({
    name: 'portal_connector_passes_total',
    help: 'Passes over a connector’s kinds, by outcome: read (every kind to its end) or why it failed (unavailable, auth_failed, unknown_answer, internal).',
    labelNames: ['connector', 'outcome'],
    registers,
  });
  const failedPasses = new Gauge({
    name: 'portal_connector_failed_passes',
    help: 'Passes a connector has failed in a row since its last good one (0: its last pass read).',
    labelNames: ['connector'],
    registers,
  });
  const lastGoodPass = new Gauge({
    name: 'portal_connector_last_good_pass_seconds',
    help: 'When a connector’s last pass read every kind to its end (Unix seconds): now minus this is its lag.',
    labelNames: ['connector'],
    registers,
  });
  const refusedDesk = new Gauge({
    name: 'portal_connector_refused_desk_bookings',
    help: 'Desk bookings a connector read that the portal refused and holds now: their times may be offered online until they apply.',
    labelNames: ['connector'],
    registers,
  });
  return {
    refusedDeskBookings: (connector, count) => refusedDesk.set({ connector }, count),
    pass: (connector, outcome, failedInARow, lastGoodPassAt) => {
      passes.inc({ connector, outcome });
      failedPasses.set({ connector }, failedInARow);
      if (lastGoodPassAt) lastGoodPass.set({ connector }, lastGoodPassAt.getTime() / 1000);
    },
    observer: (connector) => ({
      call: (endpoint, status) => calls.inc({ connector, endpoint, status: String(status) }),
    }),
    records: (connector, kind, outcome, count) => {
      if (count > 0) records.inc({ connector, kind, outcome }, count);
    },
    writes: (connector, outcome) => writes.inc({ connector, outcome }),
    caughtUp: (connector, kind, at) => caughtUp.set({ connector, kind }, at.getTime() / 1000),
  };
}

/**
 * Counts a system's webhook taken as a hint to read sooner (decision 0115), by its parameter. Apart from
 * the rest: the hints are taken where requests are served, the connectors run where the workers do, and a
 * process of role `all` has both in one registry (decision 0126).
 */
export function createHintMetrics(
  registry: Registry | undefined,
): ((connector: string, parameter: string) => void) | undefined {
  if (!registry) return undefined;
  const hints = new Counter({
    name: 'portal_connector_hints_total',
    help: "A practice system's webhooks taken as a hint to read sooner, by connector and parameter (client_id…).",
    labelNames: ['connector', 'parameter'],
    registers: [registry],
  });
  return (connector, parameter) => hints.inc({ connector, parameter });
}
