import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import { ExportableSpanExporter } from '@vet/telemetry/exportable-span-exporter';
import { appendTestLog } from '@vet/contracts/testing/test-logs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { proxyToApi } from '@/shared/bff/proxy';
import { startWebTracing, traceIdOfRequest, webInstrumentations } from './tracing';

/**
 * One trace from the web's request through the API to PostgreSQL (decision 0071). The web side runs here,
 * its spans in memory: the portal's request handling (server.mjs stands behind Next.js; a bare server
 * calls the same BFF proxy here) and the BFF's call. The API runs as it does in production, its own
 * process with its tracing preloaded (platform/observability/preload.ts), exporting over OTLP/HTTP to a
 * collector that this test plays, keeping what it receives in memory.
 */
/** The run's migrated database (packages/db/src/testing/global-setup.ts), for the API. */
const databaseUrl = inject('databaseUrl');
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const email = 'someone.checking@example.com';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpRequest {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

/** The collector: every span the API exports, and a wait for the first that meets a condition. */
function fakeCollector() {
  const spans: (OtlpSpan & { scope: string })[] = [];
  const waiting: { test: (span: OtlpSpan) => boolean; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpRequest;
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans) spans.push({ ...span, scope: scope.scope.name });
      for (const wait of waiting.filter((w) => spans.some(w.test))) wait.resolve();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const arrived = (test: (span: OtlpSpan) => boolean) =>
    new Promise<void>((resolve) => {
      if (spans.some(test)) resolve();
      else waiting.push({ test, resolve });
    });
  return { server, spans, arrived };
}

/** The API's server with its tracing preloaded, as scripts/production/start-api.sh starts it. */
async function startApi(collectorUrl: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './apps/api/src/platform/observability/preload.ts',
      'apps/api/src/server.ts',
    ],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'test',
        API_PORT: '0',
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
        OTEL_BSP_SCHEDULE_DELAY: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const read = (chunk: Buffer) => {
    appendTestLog('api-traced-process', chunk.toString());
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      const address = /API listening on (http:\/\/[\w.:[\]]+)/.exec(line)?.[1];
      if (address) listening(address);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = once(child, 'exit').then(() => {
    throw new Error(`The API exited before it listened:\n${lines.join('\n')}`);
  });
  return { child, lines, url: await Promise.race([url, exited]) };
}

/** A stand-in for the portal's server: its request id as server.mjs makes it, then the BFF proxy. */
function portalServer(apiUrl: string): Server {
  return createServer((request: IncomingMessage & { [traceIdOfRequest]?: string }, response) => {
    const requestId = request[traceIdOfRequest] ?? 'untraced';
    const bffRequest = new Request(`http://localhost:3000${request.url ?? '/'}`, {
      headers: { 'x-request-id': requestId },
    });
    const segments = new URL(bffRequest.url).pathname.split('/').slice(2);
    void proxyToApi(bffRequest, segments, {
      apiUrl,
      portalUrl: 'http://localhost:3000',
      attachAccessToken: (_request, headers) => Promise.resolve(headers),
    }).then(async (answer) => {
      response.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
    });
  });
}

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe('a trace from the web through the API to PostgreSQL', () => {
  const memory = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor({ exporter: new ExportableSpanExporter(memory) });
  const collector = fakeCollector();
  let sdk: NodeSDK;
  let api: ChildProcess;
  let apiLines: string[];
  let portal: Server;
  let portalUrl: string;

  beforeAll(async () => {
    // This test's database calls are the API's: the web's pg instrumentation stays out of this process.
    const instrumentations = (await webInstrumentations()).filter(
      (instrumentation) => instrumentation.instrumentationName !== '@opentelemetry/instrumentation-pg',
    );
    sdk = await startWebTracing({ spanProcessors: [processor] }, instrumentations);
    const started = await startApi(await listen(collector.server));
    api = started.child;
    apiLines = started.lines;
    portal = portalServer(started.url);
    portalUrl = await listen(portal);
  });
  afterAll(async () => {
    api.kill('SIGTERM');
    portal.close();
    collector.server.close();
    await sdk.shutdown();
  });

  it('links the web request, the BFF call, the API request and its query in one trace', async () => {
    // A query string with an e-mail address (as the pre-signup checks send): it must reach no span.
    const response = await fetch(`${portalUrl}/bff/online-practices?email=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    await collector.arrived((span) => span.name.startsWith('pg.query'));
    await processor.forceFlush();

    const webSpans = memory.getFinishedSpans();
    const webRequest = webSpans.find(
      (span) => span.kind === SpanKind.SERVER && span.attributes['url.path'] === '/bff/online-practices',
    );
    const bffCall = webSpans.find(
      (span) => span.kind === SpanKind.CLIENT && span.instrumentationScope.name.includes('undici'),
    );
    expect(webRequest, 'the web request span').toBeDefined();
    expect(bffCall?.parentSpanContext?.spanId, "the BFF's call, inside the web request").toBe(
      webRequest?.spanContext().spanId,
    );
    const traceId = webRequest!.spanContext().traceId;
    expect(bffCall?.spanContext().traceId).toBe(traceId);

    const apiRequest = collector.spans.find(
      (span) => span.scope === '@fastify/otel' && span.name === 'request',
    );
    expect(apiRequest?.traceId, "the API's request, in the web's trace").toBe(traceId);
    expect(apiRequest?.parentSpanId, "the API's request, a child of the BFF's call").toBe(
      bffCall?.spanContext().spanId,
    );
    const query = collector.spans.find((span) => span.name.startsWith('pg.query'));
    const ancestors = (span: OtlpSpan | undefined): string[] => {
      const parent = collector.spans.find((candidate) => candidate.spanId === span?.parentSpanId);
      return parent ? [parent.spanId, ...ancestors(parent)] : [];
    };
    expect(query?.traceId).toBe(traceId);
    expect(ancestors(query), "the query, inside the API's request").toContain(apiRequest?.spanId);

    // The API's log lines for this request carry the web's request id, which is the trace id.
    const apiRequestLines = apiLines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } })
      .filter((line) => line.req?.url === '/online-practices');
    expect(apiRequestLines.map((line) => line.reqId)).toEqual([traceId]);
  });

  it('exports no query string, address or query parameter', () => {
    const exported = JSON.stringify([
      ...memory.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes })),
      ...collector.spans,
    ]);
    // For the run's log check (decision 0028), which reads every log file for personal data.
    appendTestLog('exported-spans', exported);
    expect(exported).not.toContain(email);
    expect(exported).not.toContain(encodeURIComponent(email));
    expect(exported).not.toContain('email=');
    for (const name of ['client.address', 'network.peer.address', 'user_agent.original', 'url.query'])
      expect(exported).not.toContain(name);
  });
});
