import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/shared/paths.ts';
import { makeCertificate } from '../lib/smoke/instances-journey.ts';
import { ensureNginx } from '../lib/smoke/instances-nginx.ts';

/**
 * deploy/nginx.conf itself, its log settings untouched, on this machine: what nginx writes when an
 * instance fails (security round three, finding 5). Paths and queries carry secrets: a guest hold's id is
 * its holder's only credential, an invitation link carries a code and a last name, a pre-signup check
 * names, postcodes and e-mails. Neither log may hold them, and the access log must still show the failure.
 *
 * Only what cannot run here is changed: the instances' names (Docker's DNS) become local ports, the
 * listening ports and the internal port's allowed network local ones, the certificate one made for the
 * run, and nginx's own files (pid, temporary folders) a scratch folder. Debian's nginx 1.22 predates the
 * `http2` directive (1.25.1) of the image's nginx, so that line goes; HTTP/2 does not touch logging.
 */

const marker = 'SECRETMARKER7f3a9c';

interface Ports {
  http: number;
  https: number;
  internal: number;
  /** Nothing listens: nginx's connection is refused. */
  refused: number;
  /** Accepts the connection, then closes it without an answer. */
  hangsUp: number;
}

/** A local copy of deploy/nginx.conf; fails when a line it must change is no longer there. */
function localConfig(prefix: string, ports: Ports, certificate: { certificate: string; key: string }) {
  let conf = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const change = (from: RegExp, to: string) => {
    if (!from.test(conf)) throw new Error(`deploy/nginx.conf no longer matches ${from}`);
    conf = conf.replace(new RegExp(from.source, `${from.flags.replace('g', '')}g`), to);
  };
  change(/server (web|api)-1:\d+ /, `server 127.0.0.1:${ports.refused} `);
  change(/server (web|api)-2:\d+ /, `server 127.0.0.1:${ports.hangsUp} `);
  change(/listen 80 default_server;/, `listen 127.0.0.1:${ports.http} default_server;`);
  change(/listen 443 ssl( default_server)?;/, `listen 127.0.0.1:${ports.https} ssl$1;`);
  change(/listen 8081;/, `listen 127.0.0.1:${ports.internal};`);
  change(/allow 172\.28\.0\.0\/16;/, 'allow 127.0.0.1;');
  change(/\/etc\/nginx\/certs\/portal\.crt/, certificate.certificate);
  change(/\/etc\/nginx\/certs\/portal\.key/, certificate.key);
  change(/^ *http2 on;\n/m, '');
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n');
  change(/^http \{\n/m, `http {\n${temporary}\n`);
  return `daemon off;\npid ${join(prefix, 'nginx.pid')};\n${conf}`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** One request; resolves with the status nginx answered. */
function get(options: {
  port: number;
  path: string;
  host: string;
  tls: boolean;
  method?: string;
  /** Sent as the request's body (none: an empty one). */
  body?: Buffer;
}): Promise<number> {
  const send = options.tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { host: options.host, 'content-length': String(options.body?.length ?? 0) },
        servername: options.host,
        rejectUnauthorized: false,
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error('nginx did not answer in 10 s')));
    request.end(options.body);
  });
}

describe('deploy/nginx.conf’s logs when an instance fails', () => {
  let prefix: string;
  let ports: Ports;
  let nginx: ChildProcess;
  let hangsUp: Server;
  /** nginx's standard output and error: the container's output, where deploy/nginx.conf sends its logs. */
  const logFiles = { access: '', error: '' };
  const written = () => ({
    access: readFileSync(logFiles.access, 'utf8'),
    error: readFileSync(logFiles.error, 'utf8'),
  });

  beforeAll(async () => {
    const nginxPath = ensureNginx(() => {});
    prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-logs-'));
    chmodSync(prefix, 0o755);
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(prefix, kind));
      // Run as root, nginx's workers drop to nobody, and must still write their temporary files.
      chmodSync(join(prefix, kind), 0o777);
    }
    ports = {
      http: await freePort(),
      https: await freePort(),
      internal: await freePort(),
      refused: await freePort(),
      hangsUp: await freePort(),
    };
    hangsUp = createServer((socket) => socket.destroy());
    hangsUp.listen(ports.hangsUp, '127.0.0.1');
    await once(hangsUp, 'listening');
    const confPath = join(prefix, 'nginx.conf');
    writeFileSync(confPath, localConfig(prefix, ports, makeCertificate(prefix)));
    // The image's nginx writes its logs to the container's output (/dev/stdout, /dev/stderr), as
    // deploy/nginx.conf says: here its standard output and error are two files (Node's own pipes are
    // sockets, which nginx cannot open by those names).
    logFiles.access = join(prefix, 'stdout.log');
    logFiles.error = join(prefix, 'stderr.log');
    const outputs = () => [openSync(logFiles.access, 'a'), openSync(logFiles.error, 'a')] as const;
    const checkOutputs = outputs();
    const check = spawnSync(nginxPath, ['-t', '-q', '-p', prefix, '-c', confPath, '-e', 'stderr'], {
      stdio: ['ignore', ...checkOutputs],
    });
    checkOutputs.forEach((fd) => closeSync(fd));
    if (check.status !== 0) throw new Error(`nginx -t refused the config:\n${written().error}`);
    const runOutputs = outputs();
    nginx = spawn(nginxPath, ['-p', prefix, '-c', confPath, '-e', 'stderr'], {
      stdio: ['ignore', ...runOutputs],
    });
    runOutputs.forEach((fd) => closeSync(fd));
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await get({ port: ports.http, path: '/', host: 'portal.example.org', tls: false });
        break;
      } catch (error) {
        if (Date.now() > deadline || nginx.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }, 60_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await once(nginx, 'exit');
    }
    hangsUp?.close();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  it('writes no path or query past its first parts, in either log, while the access log shows the 502', async () => {
    const requests = [
      // A guest hold's state (its id is the holder's only credential), through the portal.
      {
        port: ports.https,
        tls: true,
        host: 'portal.example.org',
        path: `/bff/guest/soft-bookings/${marker}/state`,
      },
      // The invitation link: a code and a last name.
      { port: ports.https, tls: true, host: 'portal.example.org', path: `/invite?rc=${marker}&ln=${marker}` },
      // A pre-signup check through the internal port, from a web instance to the API instances.
      {
        port: ports.internal,
        tls: false,
        host: 'nginx',
        path: `/pre-signup/check?LastName=${marker}&Postcode=${marker}&Email=${marker}%40example.com`,
      },
      // The integration API's host.
      {
        port: ports.https,
        tls: true,
        host: 'api.portal.example.org',
        path: `/integration/v1/clients/${marker}`,
      },
    ];
    for (const request of requests) expect(await get(request), request.path).toBe(502);
    // Worker processes write their lines as they go; give the pipes a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const { access, error } = written();
    expect(access).not.toContain(marker);
    expect(error).not.toContain(marker);
    const failures = access.split('\n').filter((line) => / 502 /.test(line));
    expect(failures.map((line) => /"GET (\S+)"/.exec(line)?.[1])).toEqual([
      '/bff/guest',
      '/invite',
      '/pre-signup/check',
      '/integration/v1',
    ]);
    // Each names what nginx tried and what each answered: both instances, the first time (a refused
    // connection and a reset); then, with both left out for fail_timeout, the upstream itself.
    for (const line of failures) expect(line).toMatch(/ "[^"]+" "502(, 502)*"$/);
    for (const first of [failures[0], failures[2]]) {
      expect(first).toContain(`127.0.0.1:${ports.refused}`);
      expect(first).toContain(`127.0.0.1:${ports.hangsUp}`);
      expect(first).toMatch(/ "502, 502"$/);
    }
  });

  // Security round four, S7: Provet Cloud's webhooks reach the API, and nothing else of it does.
  it('publishes Provet Cloud’s webhook path alone of the API’s, and logs no part of its secret', async () => {
    const api = { port: ports.https, tls: true, host: 'api.portal.example.org' };
    const webhook = `/connectors/provet-cloud/webhooks/harbour-provet/${marker}`;
    // 502: nginx passed it on (to instances that are down here); the API answers it in production.
    expect(await get({ ...api, path: webhook, method: 'POST' })).toBe(502);
    expect(await get({ ...api, path: webhook, method: 'GET' })).toBe(403);
    for (const path of [
      '/connectors/ezyvet/webhooks/x',
      '/connectors/provet-cloud/health',
      '/health/connectors',
      '/',
    ])
      expect(await get({ ...api, path, method: 'POST' }), path).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { access, error } = written();
    expect(access).not.toContain(marker);
    expect(error).not.toContain(marker);
    expect(access).toMatch(/"POST \/connectors\/provet-cloud" 502 /);
  });

  // Issue 64: Stripe's webhooks reach the API by their one path, POST only, and nothing else of /payments/.
  it('publishes Stripe’s webhook path alone, for POST and a body the API takes only', async () => {
    const api = { port: ports.https, tls: true, host: 'api.portal.example.org' };
    const webhook = '/payments/stripe/webhook';
    expect(await get({ ...api, path: webhook, method: 'POST' })).toBe(502);
    expect(await get({ ...api, path: webhook, method: 'POST', body: Buffer.alloc(200 * 1024, 'x') })).toBe(
      502,
    );
    for (const method of ['GET', 'PUT', 'DELETE'])
      expect(await get({ ...api, path: webhook, method }), method).toBe(403);
    // Above the route's 256 KiB: nginx refuses it before the API.
    expect(await get({ ...api, path: webhook, method: 'POST', body: Buffer.alloc(300 * 1024, 'x') })).toBe(
      413,
    );
    for (const path of [
      `${webhook}/x`,
      `${webhook}x`,
      '/payments/stripe',
      '/payments/',
      '/v2/payments/00000000-0000-0000-0000-000000000000',
      '/v2/bills/invoices/x/payment',
    ])
      expect(await get({ ...api, path, method: 'POST' }), path).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(written().access).toMatch(/"POST \/payments\/stripe" 502 /);
  });
});
