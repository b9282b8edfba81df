import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery as the endpoint got it: the raw body (what the signature covers) and its header. */
export interface ReceivedWebhook {
  body: Buffer;
  signature: string | undefined;
}

/**
 * A loopback endpoint for the stand-in's webhooks, for tests: keeps every delivery and answers each with
 * the next of `statuses` (then 204), so a test can make deliveries fail and see them retried.
 */
export async function startWebhookReceiver(options: { statuses?: number[] } = {}) {
  const received: ReceivedWebhook[] = [];
  const statuses = [...(options.statuses ?? [])];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['webhook-signature'];
      received.push({
        body: Buffer.concat(chunks),
        signature: typeof signature === 'string' ? signature : undefined,
      });
      response.writeHead(statuses.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/gocardless`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
