import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensurePgbouncer, startPgbouncer } from '@vet/db/testing/pgbouncer';
import { startTestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { makeCertificate, publicSide, signUpMatchBookAndCancel } from './instances-journey.ts';
import { deskTimesTaken, goLive } from './go-live.ts';
import { ensureNginx, startNginx } from './instances-nginx.ts';
import { underLoad, type LoadFigures } from './instances-load.ts';
import { smokePorts, type ProductionEnvironment } from './production-smoke-env.ts';
import { runToExit, type Started } from './production-smoke-processes.ts';
import { emailFinishesAtSigterm, startEventReceiver, type EventReceiver } from './instances-workers.ts';
import { spawnManaged, waitForHttp } from '../shared/processes.ts';

/**
 * The several-instances phase of `npm run smoke:production` (decision 0070): nginx (Debian's) with a
 * config generated from deploy/nginx.conf's settings, in front of two web and two API instances of the
 * production build (PORTAL_ROLE=http), two workers (decision 0126) and one identity provider. Checks that requests get through to every instance, that
 * on a database that has only its migrations, the reference lists and a group's own export (go-live.ts: no
 * demo data), a client of the export signs up, is matched, books and cancels in Chromium through nginx
 * over https (and gets every e-mail, which the workers send, and its events arrive as webhooks, which they deliver), that a worker stopped while it sends an e-mail sends it before it exits, that SIGTERM to one web and one API instance under load fails no request, that restarting all four one by
 * one under load fails none, and that the rate limits are shared: 11 pre-signup checks from one address,
 * spread over both API instances, meet the limit of 10. Prints the figures of the two load phases.
 */
const ports = {
  web: [smokePorts.web + 1, smokePorts.web + 2],
  api: [smokePorts.api + 1, smokePorts.api + 2],
  // The workers' probes (decision 0126), and the https receiver of the practice events' webhooks.
  worker: [smokePorts.api + 3, smokePorts.api + 4],
  events: smokePorts.api + 5,
  nginxWeb: Number(process.env.SMOKE_NGINX_PORT ?? 8380),
  nginxApi: Number(process.env.SMOKE_NGINX_PORT ?? 8380) + 1,
  pgbouncer: Number(process.env.SMOKE_PGBOUNCER_PORT ?? 6479),
};

interface Instance {
  name: string;
  kind: 'web' | 'api' | 'worker';
  port: number;
  process: Started;
}

export interface InstancesRun {
  runtime: string;
  env: ProductionEnvironment;
  /** Every process started, for the caller to stop and to report on failure. */
  started: Started[];
  log: (line: string) => void;
}

export async function severalInstances({ runtime, env: given, started, log }: InstancesRun): Promise<void> {
  const began = performance.now();
  const nginxPath = ensureNginx(log);
  const tls = makeCertificate(runtime);
  const smtp = await startTestSmtpServer();
  let events: EventReceiver | undefined;
  try {
    const env = onPublicSide(given, tls.certificate, smtp.url);
    log("  Go-live: the reference lists and a group's own export, with portal-admin.sh as the app role…");
    const deskTimes = await goLive(runtime, env.api);
    log(
      '  PgBouncer in transaction mode in front of the database, as docs/operations.md, "Connections and poolers", says…',
    );
    const pooler = await startPgbouncer(ensurePgbouncer(log), {
      prefix: join(runtime, 'pgbouncer'),
      port: ports.pgbouncer,
      serverUrl: env.api.DATABASE_URL!,
    });
    started.push(pooler);
    const pooled = throughPooler(env, pooler.pooledUrl);
    // The several instances share a machine: none serves metrics (each would want the same port).
    const withoutMetrics = ({ METRICS_PORT: _metricsPort, ...rest }: NodeJS.ProcessEnv) => rest;
    const start = async (kind: Instance['kind'], port: number, name: string): Promise<Instance> => {
      const instanceEnv =
        kind === 'web'
          ? {
              ...withoutMetrics(pooled.web),
              PORT: String(port),
              // The BFF reaches the API instances through nginx, as in deploy/compose.yaml.
              API_URL: `http://127.0.0.1:${ports.nginxApi}`,
              TRUSTED_PROXY_HOPS: '1',
            }
          : kind === 'worker'
            ? // The API's settings; start-worker.sh sets PORTAL_ROLE=worker.
              { ...withoutMetrics(pooled.api), API_PORT: String(port) }
            : {
                ...withoutMetrics(pooled.api),
                API_PORT: String(port),
                // Requests only: the workers do the background work (decision 0126).
                PORTAL_ROLE: 'http',
                // The load comes from one address; the route limits (checked below) stay as they are.
                RATE_LIMIT_MAX: '1000000',
              };
      const process = spawnManaged({
        name,
        command: 'sh',
        args: [`scripts/production/start-${kind}.sh`],
        cwd: runtime,
        env: instanceEnv,
        output: 'collect',
      });
      started.push(process);
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, process);
      return { name, kind, port, process };
    };
    /** SIGTERM; the instance must drain and exit 0. Returns how long it took, ms. */
    const stop = async (instance: Instance): Promise<number> => {
      const began = performance.now();
      await instance.process.stop();
      const { exitCode, signalCode } = instance.process.child;
      if (exitCode !== 0)
        throw new Error(`${instance.name} did not drain and exit 0 (${signalCode ?? `exit ${exitCode}`})`);
      return Math.round(performance.now() - began);
    };

    /**
     * Until nginx sends requests to a restarted instance again. nginx (open source) has no active health
     * checks: an instance that refused a connection is left out for fail_timeout (deploy/nginx.conf), and
     * stopping the other meanwhile would leave none. A rolling restart waits for this before the next.
     */
    const balanced = async (instance: Instance): Promise<void> => {
      const url = `http://127.0.0.1:${instance.kind === 'web' ? ports.nginxWeb : ports.nginxApi}/healthz`;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.headers.get('x-upstream')?.split(', ').at(-1) === `127.0.0.1:${instance.port}`) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`nginx did not send requests to ${instance.name} again within 30 s`);
    };

    // Practice events' webhooks to an https receiver on loopback (the run's certificate), which only a
    // worker sends: the API instances run none.
    const receiver = await startEventReceiver(tls, ports.events);
    events = receiver;
    const added = await runToExit(runtime, 'portal-admin.sh', env.api, [
      'endpoints',
      'add',
      'smoke-events',
      `https://${publicSide.portalAddress}:${ports.events}/events`,
    ]);
    if (added.code !== 0) throw new Error(`portal-admin.sh endpoints add failed:\n${added.output}`);

    log(
      'Several instances: one identity provider, two API instances (PORTAL_ROLE=http), two workers and ' +
        'two web instances, nginx in front…',
    );
    const idp = spawnManaged({
      name: 'identity provider',
      command: 'sh',
      args: ['scripts/production/start-idp.sh'],
      cwd: runtime,
      env: pooled.idp,
      output: 'collect',
    });
    started.push(idp);
    const instances = await Promise.all([
      start('api', ports.api[0]!, 'api-1'),
      start('api', ports.api[1]!, 'api-2'),
      start('web', ports.web[0]!, 'web-1'),
      start('web', ports.web[1]!, 'web-2'),
    ]);
    const workers = await Promise.all([
      start('worker', ports.worker[0]!, 'worker-1'),
      start('worker', ports.worker[1]!, 'worker-2'),
    ]);
    for (const api of instances.filter(({ kind }) => kind === 'api'))
      if (/e-mail worker started|event dispatcher started/.test(api.process.output()))
        throw new Error(`${api.name} (PORTAL_ROLE=http) started a worker:\n${api.process.output()}`);
    log('  The desk bookings of pets whose labels no list has: their times are not offered online…');
    await deskTimesTaken(`http://127.0.0.1:${ports.api[0]}`, env.api.DATABASE_URL!, deskTimes);
    await waitForHttp(`http://127.0.0.1:${smokePorts.idp}/healthz`, idp);
    const nginx = startNginx(nginxPath, {
      prefix: join(runtime, 'nginx'),
      webPort: ports.nginxWeb,
      apiPort: ports.nginxApi,
      webInstances: ports.web,
      apiInstances: ports.api,
      publicSide: { ...tls, ...publicSide, idpPort: smokePorts.idp },
    });
    started.push(nginx);
    const portal = `http://127.0.0.1:${ports.nginxWeb}`;
    await waitForHttp(`${portal}/readyz`, nginx);

    await throughNginx(portal);
    log('  Through nginx: every web and API instance answers pages and the BFF.');
    const booked = await signUpMatchBookAndCancel(smtp);
    log(
      `  Through nginx over https, in Chromium: a client of the export signed up, was matched, booked ${booked} ` +
        'and cancelled it with a reason.',
    );
    // The two codes, then the booking's and the cancellation's e-mails, sent by the workers.
    await eventually('the four e-mails of the journey sent', () => smtp.received.length >= 4);
    await eventually('the booking and the cancellation delivered as webhooks', () =>
      ['appointment.booked', 'appointment.cancelled'].every((type) => receiver.types.includes(type)),
    );
    log(
      `  The workers sent the journey's e-mails and delivered its practice events to the webhook ` +
        `(${[...new Set(receiver.types)].join(', ')}); the API instances ran no worker.`,
    );

    log('  SIGTERM to both workers while one of them sends an e-mail…');
    await emailFinishesAtSigterm(env.api.DATABASE_URL!, smtp, workers, stop);
    workers[0] = await start('worker', ports.worker[0]!, 'worker-1 (again)');
    workers[1] = await start('worker', ports.worker[1]!, 'worker-2 (again)');
    log('  The one sending finished the e-mail (accepted, marked sent at the first attempt), then exited 0.');

    log('  SIGTERM to api-1 and web-1 under load, then both started again…');
    const drains: number[] = [];
    const drain = await underLoad(portal, async () => {
      const [api1, web1] = [instances[0], instances[2]];
      drains.push(...(await Promise.all([stop(api1), stop(web1)])));
      instances[0] = await start('api', api1.port, 'api-1 (again)');
      instances[2] = await start('web', web1.port, 'web-1 (again)');
      await Promise.all([balanced(instances[0]), balanced(instances[2])]);
    });
    report(log, 'drain', drain, `drained in ${drains.join(' and ')} ms`);

    log('  All four restarted one by one under load…');
    const restarts: number[] = [];
    const restart = await underLoad(portal, async () => {
      for (const [index, instance] of instances.entries()) {
        restarts.push(await stop(instance));
        instances[index] = await start(
          instance.kind,
          instance.port,
          `${instance.kind} :${instance.port} (new)`,
        );
        await balanced(instances[index]);
      }
    });
    report(log, 'restart', restart, `drained in ${Math.max(...restarts)} ms at most`);

    await sharedRateLimits(`http://127.0.0.1:${ports.nginxApi}`);
    log('  Rate limits are shared: 11 pre-signup checks over both API instances, the 11th answered 429.');
    for (const failed of [drain, restart].filter(({ failed }) => failed > 0)) {
      throw new Error(
        `requests failed under load: ${JSON.stringify(failed)}\n--- nginx's errors ---\n${nginx.output()}`,
      );
    }
    const carried = await pooler.transactions();
    // The journey, two load phases and the restarts make thousands; a pooler left out would carry none.
    if (carried < 1_000) throw new Error(`PgBouncer carried only ${carried} transactions: is it left out?`);
    log(`  PgBouncer carried ${carried} transactions of every instance's requests.`);
    log(`Several instances: passed in ${Math.round((performance.now() - began) / 1000)} s.`);
  } finally {
    await smtp.close();
    await events?.close();
  }
}

async function eventually(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within 30 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each process's environment with the public https addresses, trusting the run's certificate. */
function onPublicSide(
  env: ProductionEnvironment,
  certificate: string,
  smtpUrl: string,
): ProductionEnvironment {
  const common = { PORTAL_URL: publicSide.portalUrl, NODE_EXTRA_CA_CERTS: certificate };
  return {
    api: {
      ...env.api,
      ...common,
      SMTP_URL: smtpUrl,
      AUTH_ISSUERS: JSON.stringify([{ issuer: publicSide.issuer, audience: env.api.API_PUBLIC_URL }]),
      EMBEDDED_ISSUER: publicSide.issuer,
      // The practice events' receiver listens on loopback (the portal's public address here), which
      // `endpoints add` and the workers refuse unless allowed, as a deployment's own would be (0137).
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: publicSide.portalAddress,
    },
    idp: { ...env.idp, ...common, IDP_ISSUER: publicSide.issuer },
    web: { ...env.web, ...common, AUTH_DOMAIN: publicSide.issuer },
  };
}

function report(log: (line: string) => void, phase: string, figures: LoadFigures, drained: string): void {
  log(
    `  ${phase}: ${figures.sent} requests sent, ${figures.failed} failed (${figures.errors} errors, ` +
      `${figures.non2xx} non-2xx: ${JSON.stringify(figures.statuses)}), longest pause ${figures.longestPause} ms, slowest answer ` +
      `${figures.slowest} ms; ${drained}.`,
  );
}

/** Pages and the BFF through nginx: enough requests to reach both web instances and, behind them, both APIs. */
async function throughNginx(portal: string): Promise<void> {
  const upstreams = new Set<string>();
  for (let round = 0; round < 4; round++) {
    for (const path of ['/practices', '/bff/online-practices']) {
      const response = await fetch(`${portal}${path}`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} through nginx answered ${response.status}`);
      upstreams.add(response.headers.get('x-upstream') ?? '');
    }
  }
  if (upstreams.size !== 2)
    throw new Error(`nginx used ${[...upstreams].join(', ')}, not both web instances`);
}

/**
 * 11 pre-signup checks from one address (a fresh one each run, as the limits' counts outlive the run in
 * Redis), each asking about another e-mail address so that only the per-address limit (10 in 10 minutes)
 * applies, through nginx's round-robin to both API instances.
 */
async function sharedRateLimits(apiThroughNginx: string): Promise<void> {
  const address = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
  const upstreams = new Set<string>();
  const statuses: number[] = [];
  for (let check = 1; check <= 11; check++) {
    const query = new URLSearchParams({
      LastName: 'Smith',
      Postcode: 'SW1A 1AA',
      Email: `check-${check}-${randomBytes(3).toString('hex')}@example.com`,
      PracticeId: '1',
    });
    const response = await fetch(`${apiThroughNginx}/pre-signup/check?${query.toString()}`, {
      headers: { 'x-forwarded-for': address },
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    statuses.push(response.status);
    upstreams.add(response.headers.get('x-upstream') ?? '');
  }
  const first10 = statuses.slice(0, 10);
  if (
    upstreams.size !== 2 ||
    first10.some((status) => status === 429 || status >= 500) ||
    statuses[10] !== 429
  ) {
    throw new Error(
      `rate limits not shared: answers ${statuses.join(', ')} from ${[...upstreams].join(', ')} (want ten ` +
        'answers, then 429, from both instances)',
    );
  }
}

/**
 * Each process's requests through the pooler (decision 0128): the API keeps the server itself for its
 * workers, migrations and import sessions; the web's session store and the identity provider need none.
 */
function throughPooler(env: ProductionEnvironment, pooledUrl: string): ProductionEnvironment {
  const pooled = { DATABASE_URL: pooledUrl, DATABASE_POOLER: 'transaction' };
  return {
    ...env,
    api: { ...env.api, ...pooled, DATABASE_DIRECT_URL: env.api.DATABASE_URL },
    web: { ...env.web, ...pooled },
    idp: { ...env.idp, ...pooled },
  };
}
