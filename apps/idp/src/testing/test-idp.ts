import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Database } from '@vet/db/connection';
import { createIdpApp, type IdpAppOverrides } from '../app.ts';
import { loadConfig, type IdpConfig } from '../config.ts';
import { generateKeys } from '../keys.ts';
import { AttemptCounters } from '../throttling/attempt-counters.ts';

export interface TestIdp {
  issuer: string;
  origin: string;
  config: IdpConfig;
  /** A new provider instance on the same database and keys, as after a process restart. */
  restart: () => void;
  close: () => Promise<void>;
}

/**
 * The identity provider in this process, on an ephemeral port of 127.0.0.1. `env` adds to its environment
 * (e.g. an https IDP_ISSUER, as behind a TLS-terminating proxy; `issuer` is then that value).
 */
export async function startTestIdp(
  db: Database,
  databaseUrl: string,
  overrides: IdpAppOverrides = {},
  env: Record<string, string> = {},
): Promise<TestIdp> {
  let handler: RequestListener | undefined;
  const server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    IDP_PORT: String(port),
    IDP_ISSUER: issuer,
    PORTAL_URL: 'http://localhost:3000',
    API_AUDIENCE: 'http://localhost:4000',
    ...env,
  });
  const keys = await generateKeys();
  // Attempts are counted in the shared test database: each provider counts apart from other tests',
  // unless the test passes counters to share (two instances of one provider).
  const counters = overrides.counters ?? new AttemptCounters(db, `test-${randomBytes(6).toString('hex')}:`);
  const start = () => {
    handler = createIdpApp(config, db, keys, { ...overrides, counters }).handler;
  };
  start();
  return {
    issuer: config.issuer,
    /** Where the server listens (the issuer's origin unless `env` set another). */
    origin: issuer,
    config,
    restart: start,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
