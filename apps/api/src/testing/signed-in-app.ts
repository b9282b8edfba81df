import type { DatabaseHandle } from '@vet/db/connection';
import type { ResolveHost } from '@vet/practice-events/endpoint-address';
import { createClient } from '@vet/db/testing/factories';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from './test-app.ts';
import {
  machineCallerEnv,
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from './test-identity-provider.ts';

type TestDatabase = Pick<DatabaseHandle, 'db' | 'pool'> & {
  url: string;
  sessionPool?: DatabaseHandle['pool'];
};

/**
 * The real app trusting one test identity provider, for the tests of signed-in routes and of the
 * integration API (whose practice system it accepts): started before the file's tests, closed after them.
 * Read `app` and `provider` inside tests (they are set by then). `env` sets more variables (a limit the
 * test reaches); `resolveHost` resolves webhook endpoints' host names instead of DNS.
 */
export function useSignedInTestApp(
  database: TestDatabase,
  options: {
    /** A function when a value is known only once the file's earlier hooks have run (a stand-in's address). */
    env?: Record<string, string> | (() => Record<string, string>);
    resolveHost?: ResolveHost;
  } = {},
) {
  const context = {} as { app: App; provider: TestIdentityProvider };
  beforeAll(async () => {
    context.provider = await startTestIdentityProvider();
    context.app = await buildTestApp(database, {
      env: {
        ...trustingEnv(context.provider),
        ...machineCallerEnv(),
        ...(typeof options.env === 'function' ? options.env() : options.env),
      },
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    });
  });
  afterAll(async () => {
    await context.app.close();
    await context.provider.close();
  });

  /** A bearer header for a fresh identity, not linked to any client. */
  const bearerForNewIdentity = async () =>
    `Bearer ${await context.provider.sign({ claims: { sub: `subject-${crypto.randomUUID()}` } })}`;

  /** A client record linked to a fresh identity, and a bearer header for that identity. */
  const signedInClient = async (overrides: Parameters<typeof createClient>[1] = {}) => {
    const subject = `subject-${crypto.randomUUID()}`;
    const client = await createClient(database.db, {
      ...overrides,
      identityIssuer: context.provider.issuer,
      identitySubject: subject,
    });
    const authorization = `Bearer ${await context.provider.sign({ claims: { sub: subject } })}`;
    return { client, authorization };
  };

  /** A bearer header for the test practice system: a client-credentials token the API accepts. */
  const machineAuthorization = async (options: Parameters<TestIdentityProvider['signMachine']>[0] = {}) =>
    `Bearer ${await context.provider.signMachine(options)}`;

  return { context, bearerForNewIdentity, signedInClient, machineAuthorization };
}
