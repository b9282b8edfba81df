import { listenForEvents, listenerConnection, type EventListener } from '@vet/practice-events/event-listener';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';
import { createHintMetrics } from './connector-metrics.ts';
import { connectorWebhookRoutes } from './connector-webhook-routes.ts';
import type { ConnectorSystem } from './vendor-port.ts';

/**
 * The channel a practice system's webhook hint crosses from the process that took it to the one running
 * the connector (decision 0115, decision 0126). Its payload is the connector's name: nothing of a record.
 */
export const connectorHintsChannel = 'portal_connector_hints';

export interface ConnectorHintRoutesOptions {
  /** The configured connectors (PRACTICE_CONNECTORS), credentials read. */
  connectors: readonly {
    name: string;
    system: ConnectorSystem;
    credentials: Readonly<Record<string, string>>;
  }[];
  registry?: Registry | undefined;
}

/** The connectors that take webhook hints: Provet Cloud's given a `webhook_secret`. */
export function webhookConnections(
  connectors: ConnectorHintRoutesOptions['connectors'],
): { name: string; secret: string }[] {
  return connectors.flatMap((connector) =>
    connector.system === 'provet-cloud' && connector.credentials.webhook_secret
      ? [{ name: connector.name, secret: connector.credentials.webhook_secret }]
      : [],
  );
}

/**
 * Provet Cloud's webhooks where requests are served (roles `http` and `all`), for each connector given a
 * secret. A notice taken is passed on by pg_notify, committed at once: whichever process runs the connector
 * wakes it, and in `all` the hint takes the same way. Sent through the request pool: PgBouncer's
 * transaction pooling carries NOTIFY, never LISTEN (pgbouncer.org/features, "SQL feature map"), so only
 * the LISTEN needs the server itself.
 */
export const connectorHintRoutes: FastifyPluginAsync<ConnectorHintRoutesOptions> = async (app, options) => {
  const connections = webhookConnections(options.connectors);
  if (connections.length === 0) return;
  await app.register(connectorWebhookRoutes, {
    connections,
    readSoon: async (name) => {
      await app.pool.query('select pg_notify($1, $2)', [connectorHintsChannel, name]);
    },
    counted: createHintMetrics(options.registry),
  });
};

/**
 * LISTENs for hints on a connection of its own to `databaseUrl` (the server itself, decision 0128) and
 * wakes the named connector if this process runs it; a hint for another is ignored. After a lost
 * connection it listens again and wakes every connector it runs, since a hint sent meanwhile was lost.
 */
export function listenForConnectorHints(options: {
  databaseUrl: string;
  names: readonly string[];
  readSoon: (name: string) => void;
  log: FastifyBaseLogger;
}): EventListener {
  const names = new Set(options.names);
  let listened = false;
  return listenForEvents({
    connect: listenerConnection(options.databaseUrl),
    channel: connectorHintsChannel,
    onEvent: (name) => {
      if (name !== undefined && names.has(name)) options.readSoon(name);
    },
    onListening: () => {
      // The first time is the start, when every connector reads anyway.
      if (listened) for (const name of names) options.readSoon(name);
      listened = true;
    },
    logger: options.log,
  });
}
