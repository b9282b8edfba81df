import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound, unprocessable } from '../../platform/index.ts';
import { readProvetWebhook } from './provet-cloud/provet-webhooks.ts';
import type { ReadKind } from './vendor-port.ts';

/**
 * Where Provet Cloud's webhooks for a connector land: the operator gives Provet this URL (docs/connectors.md,
 * "Connecting Provet Cloud").
 */
export const provetWebhookPath = '/connectors/provet-cloud/webhooks/:connection/:token';

export interface ConnectorWebhookOptions {
  /** The Provet Cloud connectors that take webhooks, each with the secret its URL carries. */
  connections: readonly { name: string; secret: string }[];
  /**
   * Has the connector read sooner than its next poll, wherever it runs (connector-hints.ts); the kinds the
   * notice names. Answered once this has settled, so a hint that could not be passed on is a 5xx to retry.
   */
  readSoon(name: string, kinds: readonly ReadKind[]): void | Promise<void>;
  /** Counts a notice taken (connector-metrics.ts), by its parameter: never its id. */
  counted?: (name: string, parameter: string) => void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * A machine route outside both access scopes (decision 0115): Provet Cloud's webhooks carry no signature
 * and no header of ours in the documentation read (webhooks.html), so each connector's URL holds a secret
 * of its own (`webhook_secret`, 32 to 256 URL-safe characters, decision 0140), compared in constant time. A wrong connector or
 * secret answers as a missing route; a bearer token of a client or a practice system changes nothing. The
 * request log shows the route template only, never the secret. A notification only wakes the connector's
 * loop: what it reads is what the system's API says, by its cursor.
 */
export const connectorWebhookRoutes: FastifyPluginAsync<ConnectorWebhookOptions> = (app, options) => {
  const secrets = new Map(options.connections.map(({ name, secret }) => [name, digest(secret)]));
  // Provet's example is form fields ("consultation_id=123"); the documentation gives no content type, so
  // JSON is taken too. Parsed here only (this plugin is encapsulated): no dependency for one parser.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    provetWebhookPath,
    {
      bodyLimit: 4096,
      schema: {
        hide: true,
        params: z.object({ connection: z.string().max(63), token: z.string().max(256) }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { connection, token } = request.params;
      const expected = secrets.get(connection);
      if (!expected || !timingSafeEqual(expected, digest(token))) throw notFound();
      const reading = readProvetWebhook(request.body);
      if (reading.outcome === 'malformed') throw badRequest(reading.message);
      if (reading.outcome === 'not-read')
        throw unprocessable(
          `The connector reads no records of ${reading.parameter}: take this trigger off the webhook.`,
        );
      await options.readSoon(connection, reading.kinds);
      options.counted?.(connection, reading.parameter);
      request.log.info(
        { connector: connection, parameter: reading.parameter },
        'practice system notice: reading sooner',
      );
      return reply.code(200).send({ received: true as const });
    },
  );
  return Promise.resolve();
};
