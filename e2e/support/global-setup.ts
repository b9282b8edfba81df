import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { seedDemoData } from '@vet/db/seed/seed-demo-data';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '@vet/db/server';
import { embeddedIssuer, startPortal } from '../../scripts/lib/portal.ts';
import { ensureWebBuild } from '../../scripts/lib/web-build.ts';

const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4010);
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4110);

/**
 * The end-to-end tests run the whole portal as a person meets it: the built web app, the API and the
 * embedded identity provider as separate processes, on a fresh database seeded with the demo group.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild((line) => console.info(line));
  const server = await startDatabaseServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: '.data/test-postgres-e2e',
    port: Number(process.env.TEST_EMBEDDED_PG_PORT_E2E ?? 54331),
    database: 'postgres',
  });
  const name = `portal_e2e_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(server.url, name);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const handle = connectDatabase(databaseUrl, { max: 1 });
  await runMigrations(handle.pool);
  await seedDemoData(handle.db, { embeddedIssuer: embeddedIssuer(IDP_PORT) });
  await handle.close();

  const portal = await startPortal({
    databaseUrl,
    webPort: WEB_PORT,
    apiPort: API_PORT,
    idpPort: IDP_PORT,
    portalUrl: `http://localhost:${WEB_PORT}`,
    output: 'collect',
    env: { LOG_LEVEL: 'warn' },
  });
  project.provide('portalUrl', portal.portalUrl);
  project.provide('apiUrl', portal.apiUrl);
  project.provide('e2eDatabaseUrl', databaseUrl);

  return async () => {
    await portal.stop();
    await dropDatabase(server.url, name);
    await server.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    apiUrl: string;
    e2eDatabaseUrl: string;
  }
}
