import { practiceDate } from '@vet/contracts/practice-clock';
import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { createScratchDatabase } from '@vet/db/scratch-database';
import { clients } from '@vet/db/schema/clients';
import type { DemoAccount } from '@vet/db/seed/demo-accounts';
import { seedDemoIdentities } from '@vet/db/seed/seed-clients';
import { unusedPort } from '@vet/email/testing/test-smtp-server';
import { eq } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import {
  seedDemoPractice,
  type DemoSeed,
} from '../../apps/api/src/practice-system/connectors/ezyvet/testing/ezyvet-demo-seed.ts';
import {
  standInCredentials,
  startEzyvetStandIn,
  type EzyvetStandIn,
} from '../../apps/api/src/practice-system/connectors/ezyvet/testing/ezyvet-stand-in.ts';
import { startPortal, type RunningPortal } from '../../scripts/lib/start/portal.ts';

export interface ConnectedPortal {
  portal: RunningPortal;
  /** The practice's ezyVet site: the desk books in it, and the test reads its diary. */
  standIn: EzyvetStandIn;
  /** The ezyVet ids the seed gave the demo practice's references. */
  seed: DemoSeed;
  /** The portal's database, for what a person cannot see (the connector's references). */
  database: DatabaseHandle;
  stop: () => Promise<void>;
}

/**
 * A portal of its own whose one practice comes from ezyVet (decisions 0106, 0107): identity provider, API
 * and web on an empty scratch database holding only the reference lists (as `npm run lists` loads them),
 * the API's connector reading an ezyVet stand-in (in this process) that holds the demo group's first
 * practice, its diary planned from today. The suite's shared portal and its demo seed stay untouched.
 * Resolves once the connector's first pass has brought the practice's clients in.
 */
export async function startConnectedPortal(): Promise<ConnectedPortal> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const standIn = await startEzyvetStandIn();
    cleanups.push(() => standIn.close());
    const seed = await seedDemoPractice(standIn, {
      practiceRef: 'PRAC-0001',
      from: practiceDate(new Date()),
      days: 14,
    });
    // The stand-in's credentials are secrets like any: they must reach no log.
    recordTestSecret('password', standInCredentials.client_secret);

    const scratch = await createScratchDatabase(inject('e2eDatabaseUrl'), 'portal_connector');
    cleanups.push(scratch.drop);
    const database = connectDatabase(scratch.url, { max: 2 });
    cleanups.push(() => database.close());
    await loadReferenceLists(database.pool);

    const [webPort, apiPort, idpPort] = [await unusedPort(), await unusedPort(), await unusedPort()];
    const portal = await startPortal({
      databaseUrl: scratch.url,
      webPort,
      apiPort,
      idpPort,
      portalUrl: `http://localhost:${webPort}`,
      output: 'collect',
      nodeEnv: 'test',
      testLogName: 'connector',
      env: {
        LOG_LEVEL: 'warn',
        REMINDERS: 'off',
        // The journey reloads the booking page until the connector's next pass shows the desk's booking.
        RATE_LIMIT_MAX: '100000',
        PRACTICE_CONNECTORS: JSON.stringify([
          {
            name: 'ezyvet-clapham',
            system: 'ezyvet',
            practices: ['PRAC-0001'],
            base_url: standIn.url,
            settings: { scope: 'read-appointment write-appointment' },
            credentials: {
              partner_id: 'EZYVET_PARTNER_ID',
              client_id: 'EZYVET_CLIENT_ID',
              client_secret: 'EZYVET_CLIENT_SECRET',
            },
            // The shortest the configuration allows: a desk booking reaches the portal within seconds.
            poll_seconds: 5,
          },
        ]),
        EZYVET_PARTNER_ID: standInCredentials.partner_id,
        EZYVET_CLIENT_ID: standInCredentials.client_id,
        EZYVET_CLIENT_SECRET: standInCredentials.client_secret,
      },
    });
    cleanups.push(portal.stop);
    recordTestSecret('password', portal.machineClient.clientSecret);
    return { portal, standIn, seed, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The demo sign-in `account` at this portal's provider, linked to the client the connector brought in
 * with its e-mail address (as the demo seed links its accounts, packages/practice-import/src/demo):
 * waits for the connector's first pass to have brought that client.
 */
export async function linkDemoAccount(connected: ConnectedPortal, account: DemoAccount): Promise<void> {
  const { db } = connected.database;
  const synced = async () =>
    (await db.select({ id: clients.id }).from(clients).where(eq(clients.email, account.email)))[0]?.id;
  await expect.poll(synced, { timeout: 45_000, interval: 250 }).toBeTypeOf('number');
  const clientId = (await synced())!;
  await db.transaction((tx) => seedDemoIdentities(tx));
  await db
    .update(clients)
    .set({ identityIssuer: connected.portal.issuer, identitySubject: account.id, linkedAt: new Date() })
    .where(eq(clients.id, clientId));
}
