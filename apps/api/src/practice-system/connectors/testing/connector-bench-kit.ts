import type { DatabaseHandle } from '@vet/db/connection';
import type { DeliveryOutcome } from '@vet/practice-events/webhook-delivery';
import pino from 'pino';
import {
  bookAppointment,
  createBookingDeps,
  createBookingRepository,
  loadBookingContext,
  nearestSlots,
} from '../../../appointments/booking/index.ts';
import { practiceBookingDeps } from '../../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from '../connector-store.ts';
import { syncCycle, type ConnectorRuntime, type CycleOutcome, type SyncDeps } from '../connector-sync.ts';
import { connectorDeliveries, connectorEndpointUrl } from '../connector-writes.ts';
import { createEzyvetConnection, type EzyvetClock } from '../ezyvet/index.ts';
import { standInCredentials, type EzyvetStandIn } from '../ezyvet/testing/ezyvet-stand-in.ts';
import { createProvetCloudConnection, type ConnectionClock } from '../provet-cloud/index.ts';
import type { ProvetStandIn } from '../provet-cloud/testing/provet-cloud-stand-in.ts';
import { standInSpeciesCodes } from '../provet-cloud/testing/provet-test-kit.ts';
import type { VendorConnection } from '../vendor-port.ts';

/**
 * The portal's side of a connector as `npm run bench:connectors` drives it (scripts/bench-connectors.ts):
 * the layer's own reading pass and delivery (decision 0106), the booking module's slot search and online
 * booking, on the bench's database. The runner's loop and the dispatcher are left out: they wait on the
 * wall clock, and the bench runs the vendor's clock faster, so it calls a pass and a delivery itself.
 */
export interface ConnectorBenchPortal {
  /** One reading pass over every kind (syncCycle). */
  cycle(): Promise<CycleOutcome>;
  /** The starts a client's search offers on the day of `near`, with the clinicians free at each. */
  slotsNear(searcher: BenchSearcher, near: Date): Promise<{ startsAt: number; clinicianIds: number[] }[]>;
  /** A client's online booking, as the booking route makes it: its appointment id, or null if taken. */
  bookOnline(searcher: BenchSearcher, startsAt: Date): Promise<number | null>;
  /** The booking's `appointment.booked` event handed to the connector, as the dispatcher hands it. */
  deliverBooked(appointmentId: number): Promise<DeliveryOutcome>;
}

export interface BenchSearcher {
  clientId: number;
  petId: number;
  practiceId: number;
  reasonId: number;
}

const log = pino({ level: 'silent' });

export function connectorBenchPortal(
  handle: Pick<DatabaseHandle, 'db' | 'pool'>,
  runtime: ConnectorRuntime,
  clock: () => Date,
): ConnectorBenchPortal {
  const { db, pool } = handle;
  const store = createConnectorStore(db);
  const syncDeps: SyncDeps = {
    store,
    apply: { records: { db, pool }, bookings: practiceBookingDeps(db), log },
    metrics: undefined,
    log,
    clock,
  };
  const deliver = connectorDeliveries([runtime], {
    db,
    store,
    metrics: undefined,
    log,
    readSoon: () => undefined,
  })(connectorEndpointUrl(runtime.name))!;
  const searchDeps = { repository: createBookingRepository(db), now: () => new Date() };
  const bookingDeps = createBookingDeps(db, { brandName: 'Bench Vets' });
  const context = (searcher: BenchSearcher) =>
    loadBookingContext(
      searchDeps,
      { clientId: searcher.clientId, onlineBookingAllowed: true, homePracticeId: searcher.practiceId },
      { practiceId: searcher.practiceId, appointmentReasonId: searcher.reasonId, petId: searcher.petId },
    );
  return {
    cycle: () => syncCycle(syncDeps, runtime),
    async slotsNear(searcher, near) {
      const who = {
        clientId: searcher.clientId,
        onlineBookingAllowed: true,
        homePracticeId: searcher.practiceId,
      };
      const { all } = await nearestSlots(searchDeps, await context(searcher), who, near);
      return all;
    },
    async bookOnline(searcher, startsAt) {
      const outcome = await bookAppointment(
        bookingDeps,
        {
          clientId: searcher.clientId,
          onlineBookingAllowed: true,
          homePracticeId: searcher.practiceId,
          firstName: 'Bench',
          email: null,
        },
        {
          practiceId: searcher.practiceId,
          petId: searcher.petId,
          appointmentReasonId: searcher.reasonId,
          startsAt: startsAt.toISOString(),
        },
      );
      return outcome.kind === 'booked' ? outcome.appointment.appointmentId : null;
    },
    async deliverBooked(appointmentId) {
      const { rows } = await pool.query<{
        id: number;
        type: string;
        data: Record<string, unknown>;
        at: Date;
      }>(
        `select id, type, data, occurred_at as at from practice_events
          where type = 'appointment.booked' and record_id = $1`,
        [appointmentId],
      );
      const event = rows[0];
      if (!event) throw new Error(`No appointment.booked event for appointment ${appointmentId}`);
      return deliver({ id: `evt_${event.id}`, type: event.type, timestamp: event.at, data: event.data });
    },
  };
}

/** The ezyVet connection to a stand-in, on the bench's clock, with the limits the stand-in enforces. */
export function ezyvetBenchConnection(
  standIn: EzyvetStandIn,
  options: {
    practiceRef: string;
    clock: EzyvetClock;
    limits: { perEndpoint: number; perDatabase: number };
    pageSize?: number;
  },
): VendorConnection {
  return createEzyvetConnection(
    {
      baseUrl: standIn.url,
      credentials: {
        partnerId: standInCredentials.partner_id,
        clientId: standInCredentials.client_id,
        clientSecret: standInCredentials.client_secret,
        scope: 'read-appointment write-appointment',
      },
      practiceRef: options.practiceRef,
      limits: options.limits,
      ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    },
    { clock: options.clock },
  );
}

/** The Provet Cloud connection to a stand-in's department, on the bench's clock, at the stand-in's limit. */
export function provetBenchConnection(
  standIn: ProvetStandIn,
  options: {
    practiceRef: string;
    departmentId: number;
    clock: ConnectionClock;
    perMinute: number;
    pageSize?: number;
  },
): VendorConnection {
  return createProvetCloudConnection(
    {
      origin: standIn.origin,
      provetId: standIn.provetId,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      departmentId: String(options.departmentId),
      practiceRef: options.practiceRef,
      nurseGroupIds: ['2'],
      speciesCodes: standInSpeciesCodes,
      rateLimitPerMinute: options.perMinute,
      ...(options.pageSize
        ? { pageSize: options.pageSize, vendorDefaultPageSize: standIn.defaultPageSize }
        : {}),
    },
    { clock: options.clock },
  );
}
