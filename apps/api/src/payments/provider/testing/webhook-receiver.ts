import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery as the endpoint got it: the raw body (what the signature covers) and its header. */
export interface ReceivedWebhook {
  body: string;
  signature: string | undefined;
}

/**
 * A loopback endpoint for the stand-in's webhooks, for tests: keeps every delivery and answers each with
 * the next of `statuses` (then 200), so a test can make deliveries fail and see them retried.
 */
export async function startWebhookReceiver(options: { statuses?: number[] } = {}) {
  const received: ReceivedWebhook[] = [];
  const statuses = [...(options.statuses ?? [])];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: signature as string | undefined,
      });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
