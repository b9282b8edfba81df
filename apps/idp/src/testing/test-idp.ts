import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@vet/db/connection';
import { createIdpApp, type IdpAppOverrides } from '../app.ts';
import { loadConfig, type IdpConfig } from '../config.ts';
import { generateKeys } from '../keys.ts';

export interface TestIdp {
  issuer: string;
  config: IdpConfig;
  /** A new provider instance on the same database and keys, as after a process restart. */
  restart: () => void;
  close: () => Promise<void>;
}

/** The identity provider in this process, on an ephemeral port of 127.0.0.1. */
export async function startTestIdp(
  db: Database,
  databaseUrl: string,
  overrides: IdpAppOverrides = {},
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
  });
  const keys = await generateKeys();
  const start = () => {
    handler = createIdpApp(config, db, keys, overrides).handler;
  };
  start();
  return {
    issuer,
    config,
    restart: start,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
