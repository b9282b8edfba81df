import { addEndpoint } from '@vet/practice-events/endpoints-repository';
import type { ConnectorDeliveries } from '@vet/practice-events/deliver-next';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { createPracticeBookingDeps, type PracticeBookingSettings } from '../desk-bookings/index.ts';
import { listenForConnectorHints, webhookConnections } from './connector-hints.ts';
import { createConnectorMetrics } from './connector-metrics.ts';
import { startConnectorRunner } from './connector-runner.ts';
import { createConnectorStore } from './connector-store.ts';
import type { ConnectorRuntime } from './connector-sync.ts';
import { connectorDeliveries, connectorEndpointUrl } from './connector-writes.ts';
import type { ConnectorSystem, VendorCallObserver, VendorConnection } from './vendor-port.ts';

/** One connector as the operator configures it (PRACTICE_CONNECTORS), its credentials read. */
type SettingScalar = string | number | boolean;
/** A setting as PRACTICE_CONNECTORS gives it: a value, or a list of flat entries (a price map, 0147). */
export type ConnectorSettingValue = SettingScalar | readonly Readonly<Record<string, SettingScalar>>[];

export interface ConnectorOptions {
  name: string;
  system: ConnectorSystem;
  practices: readonly string[];
  baseUrl: string;
  settings: Readonly<Record<string, ConnectorSettingValue>>;
  credentials: Readonly<Record<string, string>>;
  pollSeconds: number;
}

/** Makes the vendor connection of one connector (vendors.ts; a test's stand-in connection). */
export type ConnectionFactory = (
  options: ConnectorOptions,
  observer: VendorCallObserver | undefined,
) => VendorConnection;

export interface ConnectorsPluginOptions {
  connectors: readonly ConnectorOptions[];
  settings: PracticeBookingSettings;
  createConnection: ConnectionFactory;
  registry?: Registry | undefined;
  /**
   * Where the connectors LISTEN for webhook hints (connector-hints.ts): the server itself, never a
   * transaction pooler (decision 0128). Held only when a connector takes hints (webhookConnections);
   * unset, they take none (a test that needs none).
   */
  hintsDatabaseUrl?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The connectors' way out, for the event dispatcher (decision 0106). */
    connectorDeliveries: ConnectorDeliveries | undefined;
  }
}

/**
 * Runs the connectors in the API process (decision 0106): each one's reading loop, and its way out as an
 * endpoint of the practice events (`connector:<name>`) whose deliveries the dispatcher hands to it. The
 * endpoint is added once, at the first start with the connector configured, and gets the events of its
 * practices numbered from then on; what came before, the first sync reads from the system.
 */
export const connectorsPlugin = fp<ConnectorsPluginOptions>(
  async (app, options) => {
    if (options.connectors.length === 0) {
      app.decorate('connectorDeliveries', undefined);
      return;
    }
    const log = app.log.child({ component: 'connectors' });
    const store = createConnectorStore(app.db);
    const metrics = createConnectorMetrics(options.registry);
    const runtimes: ConnectorRuntime[] = options.connectors.map((connector) => ({
      name: connector.name,
      practices: connector.practices,
      pollSeconds: connector.pollSeconds,
      connection: options.createConnection(connector, metrics?.observer(connector.name)),
    }));
    for (const runtime of runtimes) {
      await addEndpoint(app.db, {
        name: connectorEndpointUrl(runtime.name),
        url: connectorEndpointUrl(runtime.name),
        // Never opened: a connector's deliveries are not signed webhooks.
        secret: 'connector',
        practiceRefs: [...runtime.practices],
      });
    }
    const runner = startConnectorRunner(runtimes, {
      store,
      apply: {
        records: { db: app.db, pool: app.sessionPool },
        bookings: createPracticeBookingDeps(app.db, options.settings, log),
        log,
      },
      metrics,
      log,
      clock: () => new Date(),
    });
    app.decorate(
      'connectorDeliveries',
      connectorDeliveries(runtimes, {
        db: app.db,
        store,
        metrics,
        log,
        readSoon: (name) => runner.readSoon(name),
      }),
    );
    // Provet Cloud's webhooks, taken where requests are served, reach the runner as notifications
    // (decision 0115, decision 0126).
    const hints =
      options.hintsDatabaseUrl && webhookConnections(options.connectors).length > 0
        ? listenForConnectorHints({
            databaseUrl: options.hintsDatabaseUrl,
            names: runtimes.map((runtime) => runtime.name),
            readSoon: (name) => runner.readSoon(name),
            log,
          })
        : undefined;
    log.info({ connectors: runtimes.map((r) => r.name) }, 'connectors started');
    app.addHook('onClose', async () => {
      await hints?.close();
      await runner.stop();
    });
  },
  { name: 'connectors', dependencies: ['database'] },
);
