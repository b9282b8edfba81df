import type { AcknowledgedKind } from '@vet/contracts/integration-acknowledgements';
import type { PracticeEventType } from '@vet/contracts/practice-events';
import type { Database } from '@vet/db/connection';
import type { ConnectorDelivery } from '@vet/practice-events/deliver-next';
import type { DeliveryOutcome } from '@vet/practice-events/webhook-delivery';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toErrorResponse } from '../../platform/index.ts';
import { acknowledge, createAcknowledgementRepository } from '../acknowledgements/index.ts';
import { connectorGrant } from './apply-read.ts';
import type { ConnectorMetrics } from './connector-metrics.ts';
import type { ConnectorStore } from './connector-store.ts';
import type { ConnectorRuntime } from './connector-sync.ts';
import { VendorAuthFailed, VendorUnavailable, type OutboundEvent, type WrittenRefs } from './vendor-port.ts';

/** The URL of a connector's endpoint: the dispatcher hands its events to the connector (decision 0106). */
export const connectorEndpointUrl = (name: string): string => `connector:${name}`;

export interface WriteDeps {
  db: Database;
  store: ConnectorStore;
  metrics: ConnectorMetrics | undefined;
  log: FastifyBaseLogger;
  /** Reads the connector's diary now (a refused write: the desk booking that took the time comes in). */
  readSoon: (name: string) => void;
}

const refKinds = [
  ['client', 'clients'],
  ['pet', 'pets'],
  ['appointment', 'appointments'],
] as const satisfies readonly (readonly [string, AcknowledgedKind])[];

/**
 * The references the portal has now for the records an event names: a record born online whose
 * reference came back (from this connector's earlier write) after the event was written carries it.
 */
async function withCurrentRefs(
  db: Database,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const resolved = { ...data };
  for (const [record, table] of refKinds) {
    const id = data[`${record}_id`];
    if (typeof id !== 'number' || data[`${record}_ref`] !== null) continue;
    const { rows } = await db.execute<{ ref: string | null }>(
      sql`select pms_ref as ref from ${sql.identifier(table)} where id = ${id}`,
    );
    resolved[`${record}_ref`] = rows[0]?.ref ?? null;
  }
  return resolved;
}

/** Stores the system's references of records born online, as an acknowledgement would. */
async function storeRefs(
  deps: WriteDeps,
  runtime: ConnectorRuntime,
  data: Record<string, unknown>,
  refs: WrittenRefs,
): Promise<{ path: string; message: string }[]> {
  const problems: { path: string; message: string }[] = [];
  const ackDeps = { db: deps.db, repository: createAcknowledgementRepository() };
  for (const [record, kind] of refKinds) {
    const ref = refs[`${record}_ref`];
    const id = data[`${record}_id`];
    if (ref === undefined || typeof id !== 'number') continue;
    try {
      await acknowledge(ackDeps, connectorGrant(runtime.name, runtime.practices), kind, id, ref);
    } catch (error) {
      const response = toErrorResponse(error);
      if (!response.isExpected) throw error;
      problems.push({ path: `${record}_ref`, message: response.body.message });
    }
  }
  // A prescription request is no record the practice acknowledges (0111): its reference is kept as written.
  const requestId = data.request_id;
  if (refs.prescription_request_ref !== undefined && typeof requestId === 'number') {
    await deps.db.execute(
      sql`update prescription_requests set pms_ref = ${refs.prescription_request_ref} where id = ${requestId}`,
    );
  }
  return problems;
}

/** The references an event's write needs the system to have given first. */
const needsRefs: Partial<Record<string, readonly string[]>> = {
  'pet.registered': ['client_ref'],
  'appointment.booked': ['client_ref', 'pet_ref'],
  'guest_hold.completed': ['client_ref', 'pet_ref'],
  'appointment.amended': ['appointment_ref'],
  'appointment.cancelled': ['appointment_ref'],
  'prescription.requested': ['pet_ref'],
};

/**
 * The connectors' way out: the dispatcher's deliveries to `connector:<name>` endpoints, each event
 * written by the connector into its system (decision 0106). Written, or nothing to write: delivered. Refused
 * for good: delivered, with the refusal reported (a time taken at the desk: the diary is read at once, so
 * the desk booking flags the online appointment as any overlapping desk booking does). The system
 * unavailable: not delivered, retried by the dispatcher's policy.
 */
export function connectorDeliveries(
  runtimes: readonly ConnectorRuntime[],
  deps: WriteDeps,
): (url: string) => ((delivery: ConnectorDelivery) => Promise<DeliveryOutcome>) | undefined {
  const byUrl = new Map(runtimes.map((runtime) => [connectorEndpointUrl(runtime.name), runtime]));
  return (url) => {
    const runtime = byUrl.get(url);
    if (!runtime) return undefined;
    return (delivery) => write(deps, runtime, delivery);
  };
}

async function write(
  deps: WriteDeps,
  runtime: ConnectorRuntime,
  delivery: ConnectorDelivery,
): Promise<DeliveryOutcome> {
  const { name } = runtime;
  // Paused by the operator: its writes wait too, retried by the dispatcher's back-off until resumed.
  if (await deps.store.isPaused(name)) return { delivered: false, reason: 'connector_paused' };
  const data = await withCurrentRefs(deps.db, delivery.data);
  // Events of different records are not ordered among themselves: a booking may come before the write of
  // its new client has brought the client's reference. It waits (the dispatcher's back-off) until it has.
  const missing = (needsRefs[delivery.type] ?? []).filter((field) => data[field] === null);
  if (missing.length > 0) return { delivered: false, reason: 'waiting_for_references' };
  const event = {
    id: delivery.id,
    type: delivery.type as PracticeEventType,
    timestamp: delivery.timestamp.toISOString(),
    data,
  } as OutboundEvent;
  try {
    const result = await runtime.connection.write(event);
    deps.metrics?.writes(name, result.outcome);
    if (result.outcome === 'written') {
      const problems = await storeRefs(deps, runtime, data, result.refs);
      if (problems.length > 0) await deps.store.refusal(name, 'write', delivery.type, delivery.id, problems);
    } else if (result.outcome === 'refused') {
      await deps.store.refusal(name, 'write', delivery.type, delivery.id, [
        { path: result.reason, message: result.message },
      ]);
      deps.log.warn(
        { connector: name, eventId: delivery.id, reason: result.reason },
        'write refused by the practice system',
      );
      if (result.reason === 'slot_taken') deps.readSoon(name);
    }
    return { delivered: true, status: 200 };
  } catch (error) {
    if (error instanceof VendorUnavailable || error instanceof VendorAuthFailed) {
      deps.metrics?.writes(name, 'failed');
      return {
        delivered: false,
        reason: error instanceof VendorAuthFailed ? 'connector_auth_failed' : 'connector_unavailable',
      };
    }
    throw error;
  }
}
