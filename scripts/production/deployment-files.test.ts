import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHttpTimeouts } from '../../apps/api/src/config/process-kind.ts';
import { httpTimeoutsOf } from '../../apps/web/src/config/http-timeouts.mjs';
import { composeProblems, serverOnlySecrets } from '../lib/kubernetes/secret-access.ts';
import { deployedSettings, nginxConfig } from '../lib/smoke/instances-nginx.ts';
import { repoRoot } from '../lib/shared/paths.ts';

/**
 * No container engine runs here, so the Dockerfile and deploy/ are never run in CI: these checks keep them
 * on the scripts that `npm run smoke:production` does run (decision 0068), and consistent with each other.
 */
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('deploy/compose.yaml');
const nginx = read('deploy/nginx.conf');

/** A service's block of compose.yaml: from its name to the next line indented as little. */
function service(name: string): string {
  const match = new RegExp(`^  ${name}:.*\\n((?: {4,}.*\\n|\\n)*)`, 'm').exec(compose);
  if (!match) throw new Error(`compose.yaml has no service ${name}`);
  return match[0];
}

/** The block a service takes from an anchor (`api-1: *api`), or its own. */
function serviceWithAnchor(name: string): string {
  const own = service(name);
  const anchor = /^ {2}[\w-]+: \*([\w-]+)\s*$/m.exec(own)?.[1];
  if (!anchor) return own;
  const match = new RegExp(`^x-[\\w-]+: &${anchor}\\n((?: {2,}.*\\n|\\n)*)`, 'm').exec(compose);
  if (!match) throw new Error(`compose.yaml has no anchor ${anchor}`);
  return match[0];
}

/** Each stage's base that is not an image pinned by digest (an ARG's default stands for the ARG). */
function unpinnedBase(text: string): string[] {
  const args = new Map<string, string>();
  for (const [, name = '', value = ''] of text.matchAll(/^ARG (\w+)=(\S+)$/gm)) args.set(name, value);
  return [...text.matchAll(/^FROM (\S+)/gm)]
    .map(([, image = '']) => image.replace(/^\$\{(\w+)\}$/, (_, name: string) => args.get(name) ?? image))
    .filter((image) => !/@sha256:[0-9a-f]{64}$/.test(image));
}

/**
 * Whether .dockerignore leaves a path out of the build context, for the patterns it uses: a path, a
 * folder (trailing /), `*` within a part, `**` for any parts. No `!` exceptions.
 */
function ignoredBy(dockerignore: string, path: string): boolean {
  return dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .some((pattern) => {
      const source = pattern
        .replace(/\/$/, '')
        .split('/')
        .map((part) =>
          part === '**'
            ? '(?:[^/]+/)*'
            : `${part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`,
        )
        .join('')
        .replace(/\/$/, '');
      return new RegExp(`^${source}(?:/.*)?$`).test(path);
    });
}

describe('the Dockerfile', () => {
  it('builds and installs with the scripts the smoke test runs, on Node 24, as a non-root user', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages.map((stage) => stage.split('\n')[0])).toEqual([
      '${NODE_IMAGE} AS build',
      '${NODE_IMAGE} AS runtime',
    ]);
    expect(stages[0]).toContain('RUN sh scripts/production/build.sh');
    expect(stages[0]).toMatch(/RUN .*npm ci /);
    expect(stages[1]).toMatch(/RUN .*sh scripts\/production\/install\.sh/);
    expect(stages[1]).toMatch(/^USER node$/m);
    expect(stages[1]).toContain('HEALTHCHECK');
    expect(stages[1]).toContain('CMD ["sh", "scripts/production/start-api.sh"]');
  });

  it('pins its base image by digest, and refuses a tag (decision 0138)', () => {
    expect(unpinnedBase(dockerfile)).toEqual([]);
    expect(unpinnedBase(dockerfile.replace(/^ARG NODE_IMAGE=.*$/m, 'ARG NODE_IMAGE=node:24-slim'))).toEqual([
      'node:24-slim',
      'node:24-slim',
    ]);
    expect(
      unpinnedBase(dockerfile.replace('FROM ${NODE_IMAGE} AS runtime', 'FROM node:24 AS runtime')),
    ).toEqual(['node:24']);
  });

  it('leaves local data, the provider’s keys, the deployment’s settings and certificates out of the build', () => {
    const ignored = read('.dockerignore');
    for (const path of [
      '.data/idp/keys.json',
      'apps/idp/.data/idp/keys.json',
      'deploy/certs/portal.key',
      'deploy/env/web.env',
      'deploy/portal.env',
      '.env',
    ])
      expect(ignoredBy(ignored, path), path).toBe(true);
    for (const path of [
      'deploy/env/web.env.example',
      'deploy/compose.yaml',
      'scripts/production/idp-keys.mjs',
    ])
      expect(ignoredBy(ignored, path), path).toBe(false);
    expect(ignoredBy(ignored.replace(/^deploy\/certs\/$/m, ''), 'deploy/certs/portal.key')).toBe(false);
  });

  it('names only scripts that exist, as do compose.yaml and npm run build', () => {
    const named = [...`${dockerfile}\n${compose}`.matchAll(/scripts\/production\/[\w.-]+/g)].map(
      ([path]) => path,
    );
    expect(named.length).toBeGreaterThan(5);
    for (const path of new Set(named)) expect(existsSync(join(repoRoot, path)), path).toBe(true);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBe('sh scripts/production/build.sh');
  });
});

describe("the operator's command (decision 0097)", () => {
  it('is built, run by its script, and shown in the image and the reference deployment', () => {
    expect(read('scripts/production/bundle-servers.ts')).toContain("output: 'operator/operator.mjs'");
    expect(read('scripts/production/portal-admin.sh')).toContain('dist/operator/operator.mjs" "$@"');
    expect(dockerfile).toContain('sh scripts/production/portal-admin.sh help');
    // A one-off container with an instance's settings (the app role), and the migrate step's for migrate.
    expect(compose).toMatch(
      /^# +docker compose .*run --rm --no-deps api-1 sh scripts\/production\/portal-admin\.sh /m,
    );
    expect(compose).toMatch(
      /^# +docker compose .*run --rm migrate sh scripts\/production\/portal-admin\.sh migrate$/m,
    );
  });
});

describe('deploy/compose.yaml', () => {
  it('runs two web and two API instances, a worker, the migrate step, and the identity provider only by profile', () => {
    const commands = {
      'api-1': 'start-api.sh',
      'api-2': 'start-api.sh',
      'web-1': 'start-web.sh',
      'web-2': 'start-web.sh',
      worker: 'start-worker.sh',
      idp: 'start-idp.sh',
      migrate: 'migrate.sh',
    };
    for (const [name, script] of Object.entries(commands)) {
      expect(serviceWithAnchor(name), name).toContain(`'scripts/production/${script}'`);
    }
    for (const name of ['postgres', 'redis', 'nginx']) expect(service(name)).toContain('image:');
    expect(service('idp')).toContain('profiles: [embedded-idp]');
    // Instances start once the migrate step has finished; they never migrate themselves.
    const instance = /^x-instance: &instance\n((?: {2,}.*\n)*)/m.exec(compose)?.[0] ?? '';
    expect(instance).toMatch(/migrate:\n\s+condition: service_completed_successfully/);
    expect(compose).not.toMatch(/MIGRATE_ON_START: /);
  });

  it('connects each process as its role and the migrate step as the migrating role (decisions 0092, 0138)', () => {
    const roles = read('deploy/postgres-roles.sql');
    const made = (variable: string) => new RegExp(`\\\\set ${variable} (\\w+)`).exec(roles)?.[1];
    const [migrateRole, appRole, webRole, idpRole] = ['migrate_role', 'app_role', 'web_role', 'idp_role'].map(
      made,
    );
    expect([migrateRole, appRole, webRole, idpRole]).toEqual([
      'portal_migrate',
      'portal_app',
      'portal_web',
      'portal_idp',
    ]);
    const url = (block: string) => /DATABASE_URL: postgres:\/\/(\w+):/.exec(block)?.[1];
    for (const name of ['api-1', 'api-2', 'web-1', 'web-2', 'worker', 'idp']) {
      const anchor = /<<: \*([\w-]+)/.exec(serviceWithAnchor(name).split('environment:')[1] ?? '')?.[1];
      expect(anchor, name).toBe('portal-env');
    }
    expect(url(/^x-portal-env: &portal-env\n((?: {2,}.*\n)*)/m.exec(compose)?.[0] ?? '')).toBe(appRole);
    for (const name of ['api-1', 'worker']) expect(url(serviceWithAnchor(name)), name).toBeUndefined();
    // The web and the provider: roles that reach only their tables, granted so by the migrate step.
    expect(url(serviceWithAnchor('web-1'))).toBe(webRole);
    expect(url(service('idp'))).toBe(idpRole);
    expect(url(service('migrate'))).toBe(migrateRole);
    expect(service('migrate')).toContain(`DATABASE_APP_ROLES: ${appRole},${webRole}:web,${idpRole}:idp`);
    expect(service('postgres')).toContain('./postgres-roles.sql:/docker-entrypoint-initdb.d/');
    for (const password of ['PORTAL_WEB_PASSWORD', 'PORTAL_IDP_PASSWORD'])
      expect(service('postgres')).toContain(`${password}: \${${password}:?`);
    // No process of the portal connects as PostgreSQL's superuser, nor is told it may.
    expect(compose).not.toMatch(/postgres:\/\/portal:/);
    expect(compose).not.toContain('DATABASE_ALLOW_SUPERUSER');
  });

  it('agrees with nginx.conf on the instances’ names and ports, and on the network trusted as proxies', () => {
    const apiPort = /API_PORT: '(\d+)'/.exec(compose)?.[1];
    const webPort = /\bPORT: '(\d+)'/.exec(serviceWithAnchor('web-1'))?.[1];
    for (const upstream of [`api-1:${apiPort}`, `api-2:${apiPort}`, `web-1:${webPort}`, `web-2:${webPort}`]) {
      expect(nginx).toContain(`server ${upstream} `);
    }
    const subnet = /subnet: ([\d./]+)/.exec(compose)?.[1];
    expect(subnet).toBeDefined();
    expect(compose).toContain(`TRUST_PROXY: ${subnet}`);
    expect(nginx).toContain(`allow ${subnet};`);
    const internal = /listen (\d+);\n\s+allow/.exec(nginx)?.[1];
    expect(compose).toContain(`API_URL: http://nginx:${internal}`);
  });
});

describe('deploy/compose.yaml’s settings files (decision 0138)', () => {
  it('gives each process its own settings file and the shared one, and the web no server-only secret', () => {
    expect(composeProblems(compose, repoRoot)).toEqual([]);
    expect(serviceWithAnchor('web-1')).toContain('env_file: [env/shared.env, env/web.env]');
    for (const name of ['api-1', 'worker']) expect(serviceWithAnchor(name)).toContain('env/api.env');
    // One file for every process, as before: refused, and so is the API's file on the web.
    const bundle = compose.replace('env_file: [env/shared.env, env/web.env]', 'env_file: portal.env');
    expect(composeProblems(bundle, repoRoot)).toEqual(
      ['web-1', 'web-2'].flatMap((name) => [
        `compose.yaml ${name}: reads the whole file portal.env, which is no process’s own`,
        `compose.yaml ${name}: the web may read server-only secrets: ${serverOnlySecrets.join(', ')}`,
      ]),
    );
    const apis = compose.replace('env_file: [env/shared.env, env/web.env]', 'env_file: [env/api.env]');
    expect(composeProblems(apis, repoRoot)).toContain(
      'compose.yaml web-1: reads the file api, which only api, worker may',
    );
    const keys = compose.replace(
      'env_file: [env/shared.env, env/idp.env]',
      'env_file: [env/shared.env, env/api.env]',
    );
    expect(composeProblems(keys, repoRoot)).toEqual([
      'compose.yaml idp: reads the file api, which only api, worker may',
      'compose.yaml idp: receives STRIPE_SECRET_KEY, which only api, worker uses',
      'compose.yaml idp: receives STRIPE_WEBHOOK_SECRET, which only api, worker uses',
    ]);
  });
});

describe('Stripe’s keys in deploy/compose.yaml (issue 64)', () => {
  it('reach the API’s instances and the worker, which calls Stripe too, from api.env alone', () => {
    expect(read('deploy/env/api.env.example')).toMatch(
      /^PAYMENTS=off\nSTRIPE_SECRET_KEY=\nSTRIPE_WEBHOOK_SECRET=$/m,
    );
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
      expect(serverOnlySecrets, key).toContain(key);
    expect(service('worker')).not.toContain('STRIPE_');
    expect(serviceWithAnchor('api-1')).not.toContain('STRIPE_');
    expect(composeProblems(compose, repoRoot)).toEqual([]);
  });
});

describe('deploy/nginx.conf and the instances', () => {
  const seconds = (value: string | undefined) => Number(/^(\d+)s$/.exec(value ?? '')?.[1]);

  it('closes idle upstream connections before the instances do (keep-alive below theirs)', () => {
    // Each process's defaults (decision 0127), which compose.yaml leaves as they are.
    const { keepAliveTimeoutMs: webKeepAlive, headersTimeoutMs: webHeaders } = httpTimeoutsOf({});
    const { web, api } = deployedSettings(nginx);
    const idle = (lines: string[]) =>
      seconds(/^keepalive_timeout (\S+);/m.exec(lines.join('\n'))?.[1]) * 1000;
    expect(idle(web.keepalive)).toBeGreaterThan(0);
    expect(idle(web.keepalive)).toBeLessThan(webKeepAlive);
    expect(webHeaders).toBeGreaterThan(webKeepAlive);
    expect(idle(api.keepalive)).toBeLessThan(defaultHttpTimeouts.keepAliveSeconds * 1000);
    // The instances check it at start: compose.yaml tells them nginx's idle timeout.
    for (const [block, lines] of [
      [serviceWithAnchor('api-1'), api.keepalive],
      [serviceWithAnchor('web-1'), web.keepalive],
    ] as const)
      expect(block).toContain(`LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: '${idle(lines) / 1000}'`);
  });

  it('retries another instance only for requests that may be repeated', () => {
    const retry = deployedSettings(nginx).proxy.find((line) => line.startsWith('proxy_next_upstream '));
    expect(retry).toMatch(/\berror\b/);
    expect(retry).toMatch(/\bhttp_503\b/);
    expect(retry).not.toContain('non_idempotent');
  });

  it('gives the several-instances test the same proxy settings and upstream parameters', () => {
    const generated = nginxConfig({
      prefix: '/tmp/nginx-test',
      webPort: 8380,
      apiPort: 8381,
      webInstances: [3301, 3302],
      apiInstances: [4031, 4032],
    });
    const { proxy, web, api } = deployedSettings(nginx);
    for (const line of [...proxy, ...web.keepalive, ...api.keepalive]) expect(generated).toContain(line);
    expect(generated).toContain(`server 127.0.0.1:3302 ${web.serverParameters};`);
    expect(generated).toContain(`server 127.0.0.1:4031 ${api.serverParameters};`);
    expect(web.serverParameters).toMatch(/fail_timeout=\d+s/);
    // One view of which instances are down for every nginx worker (the smoke's nginx runs two).
    expect(web.zone).toMatch(/^zone web \d+k;$/);
    expect(api.zone).toMatch(/^zone api \d+k;$/);
    expect(generated).toContain(`    ${web.zone}`);
    expect(generated).toContain(`    ${api.zone}`);
  });
});
