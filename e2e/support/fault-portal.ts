import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { createScratchDatabase } from '@vet/db/scratch-database';
import { webSessions } from '@vet/db/schema/identity';
import { startDatabaseServer, type DatabaseServer } from '@vet/db/server';
import { createClient } from '@vet/db/testing/factories';
import { loadDemoGroup } from '@vet/practice-import/demo/load-demo-group';
import { startTestSmtpServer, unusedPort, type TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import {
  bookingScene,
  type BookingScene,
} from '../../apps/api/src/appointments/booking/testing/booking-fixtures.ts';
import { startTokenIssuer, type TokenIssuer } from '../../scripts/lib/shared/token-issuer.ts';
import { embeddedIssuer, startPortal, type RunningPortal } from '../../scripts/lib/start/portal.ts';

export interface FaultPortal {
  /** The dedicated embedded PostgreSQL server: the test stops and starts it (never the shared one). */
  postgres: DatabaseServer;
  portal: RunningPortal;
  smtp: TestSmtpServer;
  /** The test's own connection, for checks once the server is back. */
  database: DatabaseHandle;
  /** Signed-in clients, each at a practice of its own with a vet working every day. */
  scenes: BookingScene[];
  /** A portal session (the web's cookie) of the first scene's client: BFF calls read it from PostgreSQL. */
  webCookie: string;
  stop: () => Promise<void>;
}

/**
 * The whole portal (identity provider, API with its e-mail worker, built web app) as processes, on a
 * seeded database of an embedded PostgreSQL server of its own (TEST_EMBEDDED_PG_PORT_FAULT, data in
 * .data/fault-postgres), so a test may stop that server while requests flow. E-mail goes to a real SMTP
 * server on loopback; the API also trusts a local issuer whose tokens need no sign-in round trip.
 */
export async function startFaultPortal(sceneCount: number): Promise<FaultPortal> {
  const port = Number(process.env.TEST_EMBEDDED_PG_PORT_FAULT ?? 54461);
  const dataDir = `.data/fault-postgres-${port}`;
  // A fresh cluster each run: a killed run may have left one behind mid-restart.
  rmSync(dataDir, { recursive: true, force: true });
  const postgres = await startDatabaseServer({ databaseUrl: undefined, dataDir, port, database: 'postgres' });
  const cleanups: (() => Promise<void>)[] = [postgres.stop];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const scratch = await createScratchDatabase(postgres.url, 'portal_fault');
    const [apiPort, webPort, idpPort, issuerPort] = [
      await unusedPort(),
      await unusedPort(),
      await unusedPort(),
      await unusedPort(),
    ] as [number, number, number, number];
    const database = connectDatabase(scratch.url, { max: 4 });
    cleanups.push(() => database.close());
    await loadDemoGroup({ databaseUrl: scratch.url, embeddedIssuer: embeddedIssuer(idpPort) });

    const issuer = await startTokenIssuer(issuerPort, `http://localhost:${apiPort}`);
    cleanups.push(issuer.close);
    const scenes: BookingScene[] = [];
    const subjects: string[] = [];
    for (let i = 0; i < sceneCount; i += 1) {
      scenes.push(
        await bookingScene(database.db, async (overrides = {}) => {
          const subject = `fault-${randomUUID()}`;
          subjects.push(subject);
          const client = await createClient(database.db, {
            ...overrides,
            identityIssuer: issuer.issuer,
            identitySubject: subject,
          });
          return { client, authorization: await issuer.bearer(subject) };
        }),
      );
    }
    const secret = randomBytes(32).toString('base64url');
    const webCookie = await webSession(database, issuer, subjects[0]!, scenes[0]!.authorization, secret);

    const smtp = await startTestSmtpServer();
    cleanups.push(smtp.close);
    const portal = await startPortal({
      databaseUrl: scratch.url,
      webPort,
      apiPort,
      idpPort,
      portalUrl: `http://localhost:${webPort}`,
      output: 'collect',
      nodeEnv: 'test',
      testLogName: 'database-restart',
      env: {
        AUTH_ISSUERS: issuer.authIssuers,
        SMTP_URL: smtp.url,
        NEXTAUTH_SECRET: secret,
        RATE_LIMIT_MAX: '1000000',
        // Each scene's one pet books a time every 100 ms: past decision 0057's caps and per-identity limit.
        BOOKING_RATE_LIMIT_MAX: '1000000',
        BOOKING_CAPS: 'off',
        LOG_LEVEL: 'warn',
      },
    });
    cleanups.push(portal.stop);
    return { postgres, portal, smtp, database, scenes, webCookie, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A portal session as the web's sign-in would leave it (apps/web/src/shared/auth-session): a row in
 * web_sessions holding the access token, and next-auth's encrypted cookie carrying the session id.
 */
async function webSession(
  database: DatabaseHandle,
  issuer: TokenIssuer,
  subject: string,
  authorization: string,
  secret: string,
): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  recordTestSecret('session id', sessionId);
  const inAnHour = new Date(Date.now() + 3_600_000);
  await database.db.insert(webSessions).values({
    tokenHash: createHash('sha256').update(sessionId).digest('hex'),
    identityIssuer: issuer.issuer,
    identitySubject: subject,
    providerId: 'azure-ad',
    accessToken: authorization.replace(/^Bearer /, ''),
    accessTokenExpiresAt: inAnHour,
    expiresAt: inAnHour,
  });
  // next-auth's own encoder, imported by a name TypeScript does not follow: its types bring in Next's
  // global ones (NODE_ENV required in every ProcessEnv), which this program's other files do not satisfy.
  const nextAuthJwt = 'next-auth/jwt';
  const { encode } = (await import(nextAuthJwt)) as {
    encode: (params: { token: Record<string, unknown>; secret: string }) => Promise<string>;
  };
  return `next-auth.session-token=${await encode({ token: { sid: sessionId }, secret })}`;
}
