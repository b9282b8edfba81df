import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { defaultMachineClientId } from '@vet/contracts/machine-access';
import { spawnManaged, waitForHttp, type ManagedProcess } from '../shared/processes.ts';
import { repoRoot } from '../shared/paths.ts';

export interface PortalOptions {
  databaseUrl: string;
  webPort: number;
  apiPort: number;
  idpPort: number;
  /** The portal's address for a person (http://localhost:<webPort>); cookies need localhost, not 127.x. */
  portalUrl: string;
  output: 'inherit' | 'collect';
  /**
   * The identity provider's and the API's NODE_ENV, said explicitly: unset, they would run as production
   * and refuse the local defaults (decision 0068). The web runs Next.js's production build either way.
   */
  nodeEnv: 'development' | 'test';
  /** Extra environment for every process (e.g. BRAND_NAME). */
  env?: NodeJS.ProcessEnv;
  /** Extra environment for the API alone: secrets only it uses (the payment provider's keys). */
  apiEnv?: NodeJS.ProcessEnv;
  /** In a test run: each process's output also goes to the run's log `<testLogName>-<process>` (decision 0028). */
  testLogName?: string;
  /**
   * The practice system's client at the embedded provider, which the API accepts on the integration API
   * (decision 0062). Default: `practice-system` with a secret of this run.
   */
  machineClient?: MachineClient;
  /** False: the identity provider and the API alone, for a caller that needs no pages (the walkthrough's test). */
  web?: boolean;
}

export interface MachineClient {
  clientId: string;
  clientSecret: string;
}

export interface RunningPortal {
  portalUrl: string;
  apiUrl: string;
  issuer: string;
  processes: (ManagedProcess & { output: () => string })[];
  /** Gets client-credentials tokens at `${issuer}/oauth/token` for the API's /integration/v1 routes. */
  machineClient: MachineClient;
  stop: () => Promise<void>;
}

/**
 * The hosts a local run's webhook endpoints may name though they are not public (WEBHOOK_ALLOWED_PRIVATE_HOSTS):
 * this machine, where `npm run walkthrough` and a developer's receiver listen. Production allows none.
 */
export const localReceivers = '127.0.0.1,localhost,::1';

export function embeddedIssuer(idpPort: number): string {
  return `http://localhost:${idpPort}`;
}

/**
 * Starts the embedded identity provider, the API and the web (which must be built), each as its own
 * process, and waits until each answers. Stops them all if any fails to start.
 */
export async function startPortal(options: PortalOptions): Promise<RunningPortal> {
  const apiUrl = `http://127.0.0.1:${options.apiPort}`;
  const issuer = embeddedIssuer(options.idpPort);
  const machineClient = options.machineClient ?? {
    clientId: defaultMachineClientId,
    clientSecret: randomBytes(32).toString('base64url'),
  };
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    PORTAL_URL: options.portalUrl,
    API_AUDIENCE: `http://localhost:${options.apiPort}`,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const tsx = (name: string, entry: string, env: NodeJS.ProcessEnv) =>
    spawnManaged({
      name,
      command: process.execPath,
      args: ['--import', 'tsx', join(repoRoot, entry)],
      cwd: repoRoot,
      env: { ...common, ...env },
      output: options.output,
      testLogName: logName(name),
    });

  const logName = (name: string) =>
    options.testLogName ? `${options.testLogName}-${name.replace(/ /g, '-')}` : undefined;
  const started: (ManagedProcess & { output: () => string })[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop()));
  };
  try {
    const idp = tsx('identity provider', 'apps/idp/src/server.ts', {
      NODE_ENV: options.nodeEnv,
      IDP_PORT: String(options.idpPort),
      IDP_ISSUER: issuer,
      IDP_MACHINE_CLIENT_ID: machineClient.clientId,
      IDP_MACHINE_CLIENT_SECRET: machineClient.clientSecret,
    });
    started.push(idp);
    const api = tsx('API', 'apps/api/src/server.ts', {
      NODE_ENV: options.nodeEnv,
      API_PORT: String(options.apiPort),
      API_PUBLIC_URL: apiUrl,
      EMBEDDED_ISSUER: issuer,
      // The web's BFF is the API's only caller here; believe its X-Forwarded-For so rate limits are per person.
      TRUST_PROXY: '127.0.0.1',
      INTEGRATION_CLIENT_IDS: machineClient.clientId,
      // A local run's webhook receivers (the walkthrough's, a developer's) listen on this machine, which
      // the API refuses unless allowed (decision 0137); a caller's own list wins.
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: common.WEBHOOK_ALLOWED_PRIVATE_HOSTS || localReceivers,
      ...options.apiEnv,
    });
    started.push(api);
    const web =
      options.web === false
        ? undefined
        : spawnManaged({
            name: 'web',
            command: process.execPath,
            // The portal's own server around Next.js (apps/web/server.mjs): it records each request's address.
            args: [join(repoRoot, 'apps/web/server.mjs')],
            cwd: join(repoRoot, 'apps/web'),
            env: {
              ...common,
              PORT: String(options.webPort),
              API_URL: apiUrl,
              AUTH_DOMAIN: issuer,
              // The development mailbox's page reaches the API through /bff/dev (a local run and the tests only).
              DEV_ROUTES: 'on',
              // The web server runs in production mode, where the web refuses the dev secret: the caller's (npm start
              // keeps one in .data), else one per run (sessions then end with the run, which suits tests).
              NEXTAUTH_SECRET: common.NEXTAUTH_SECRET || randomBytes(32).toString('base64url'),
            },
            output: options.output,
            testLogName: logName('web'),
          });
    if (web) started.push(web);
    await Promise.all([
      waitForHttp(`${issuer}/healthz`, idp),
      waitForHttp(`${apiUrl}/readyz`, api),
      web && waitForHttp(`${options.portalUrl}/api/config`, web),
    ]);
  } catch (error) {
    const report = started.map((p) => `--- ${p.name} ---\n${p.output()}`).join('\n');
    await stop();
    throw new Error(`${(error as Error).message}\n${report}`, { cause: error });
  }
  return { portalUrl: options.portalUrl, apiUrl, issuer, processes: started, machineClient, stop };
}
