import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy passed on: from its headers arriving to the upstream answer's last byte. */
export interface ProxiedRequest {
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The request's `Idempotency-Key`, if any (stripe-node sends one on each POST). */
  idempotencyKey: string | undefined;
}

/**
 * A loopback pass-through in front of an HTTP server in this process (bench:payments puts it before the
 * Stripe stand-in), timing each request: the upstream's own time plus one loopback hop, measured without
 * changing the upstream. Bodies and headers are passed as they are.
 */
export async function startTimingProxy(target: string, port = 0) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let recorded: ProxiedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const started = performance.now();
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    const key = incoming.headers['idempotency-key'];
    const upstream = request(
      new URL(path, target),
      { method, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () =>
          recorded.push({
            method,
            path,
            status: answer.statusCode ?? 0,
            ms: performance.now() - started,
            idempotencyKey: Array.isArray(key) ? key[0] : key,
          }),
        );
      },
    );
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    /** What was recorded since the last take, and a fresh start. */
    take: (): ProxiedRequest[] => {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
