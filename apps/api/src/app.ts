import helmet from '@fastify/helmet';
import type { DatabaseHandle } from '@vet/db/connection';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressRoutes } from './addresses/routes.ts';
import { appointmentRoutes } from './appointments/routes.ts';
import { authPlugin } from './auth/auth-plugin.ts';
import { clientRoutes } from './clients/routes.ts';
import type { ApiConfig } from './config.ts';
import { databasePlugin } from './database/database-plugin.ts';
import { healthRoutes } from './health/routes.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { loggerOptions, type LogDestination } from './http/log-serializers.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { petRoutes } from './pets/routes.ts';
import { practiceRoutes } from './practices/routes.ts';
import { telemetryRoutes } from './telemetry/routes.ts';

export interface BuildAppOptions {
  config: ApiConfig;
  db: DatabaseHandle['db'];
  /** Owned by the caller, who closes it after the app. */
  pool: DatabaseHandle['pool'];
  /** Where log lines go: stdout by default; false for none (tests); a stream to read them (tests). */
  logger?: false | LogDestination;
}

/**
 * The API, ready to listen or to `inject` into. Order matters: external plugins, then the app's own
 * plugins, then routes (so every route gets the rate limit, the database and the one error path).
 */
export async function buildApp({ config, db, pool, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel, logger),
    trustProxy: config.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet);
  await app.register(rateLimitPlugin, { max: config.rateLimitMax, redisUrl: config.redisUrl });
  await app.register(openApiPlugin);

  await app.register(databasePlugin, { db, pool });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { issuers: config.authIssuers });

  await app.register(healthRoutes);
  await app.register(practiceRoutes);
  await app.register(lookupRoutes);
  await app.register(clientRoutes);
  await app.register(addressRoutes);
  await app.register(petRoutes);
  await app.register(appointmentRoutes);
  await app.register(telemetryRoutes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
