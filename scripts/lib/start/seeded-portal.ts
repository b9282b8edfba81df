import { createScratchDatabase } from '@vet/db/scratch-database';
import { startDatabaseServer } from '@vet/db/server';
import { loadDemoGroup } from '@vet/practice-import/demo/load-demo-group';
import { embeddedIssuer, startPortal, type RunningPortal } from './portal.ts';
import { ensureWebBuild } from './web-build.ts';

export interface SeededPortalOptions {
  ports: { web: number; api: number; idp: number; embeddedPostgres: number };
  /** Names the embedded server's data folder and the scratch database. */
  purpose: 'e2e' | 'bench' | 'screenshots';
  env?: NodeJS.ProcessEnv;
  /** Extra environment for the API alone (portal.ts). */
  apiEnv?: NodeJS.ProcessEnv;
  /** In a test run: where the processes' output also goes (PortalOptions.testLogName). */
  testLogName?: string;
}

/**
 * The whole portal as a person meets it, for end-to-end tests and benchmarks: the built web app, the API
 * and the embedded identity provider as processes, on a scratch database holding the demo group (on
 * DATABASE_URL's server, or an embedded one). `stop` undoes all of it.
 */
export async function startSeededPortal(
  options: SeededPortalOptions,
): Promise<{ portal: RunningPortal; databaseUrl: string; stop: () => Promise<void> }> {
  ensureWebBuild((line) => console.info(line));
  const server = await startDatabaseServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: `.data/${options.purpose}-postgres`,
    port: options.ports.embeddedPostgres,
    database: 'postgres',
  });
  const cleanups: (() => Promise<void>)[] = [() => server.stop()];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = await createScratchDatabase(server.url, `portal_${options.purpose}`);
    cleanups.push(database.drop);
    await loadDemoGroup({ databaseUrl: database.url, embeddedIssuer: embeddedIssuer(options.ports.idp) });
    const portal = await startPortal({
      databaseUrl: database.url,
      webPort: options.ports.web,
      apiPort: options.ports.api,
      idpPort: options.ports.idp,
      portalUrl: `http://localhost:${options.ports.web}`,
      output: 'collect',
      // The tests run as tests; a benchmark or the screenshots as a local run would.
      nodeEnv: options.purpose === 'e2e' ? 'test' : 'development',
      env: options.env,
      apiEnv: options.apiEnv,
      testLogName: options.testLogName,
    });
    cleanups.push(portal.stop);
    return { portal, databaseUrl: database.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
