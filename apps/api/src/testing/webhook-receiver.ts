import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback endpoint for a provider stand-in's webhooks, for tests: keeps every delivery (as `view` reads
 * its raw body and signature header) and answers each with the next of `statuses` (then `okStatus`), so a
 * test can make deliveries fail and see them retried.
 */
export async function startWebhookReceiver<T>(
  options: { path: string; signatureHeader: string; okStatus: number; statuses?: number[] },
  view: (body: Buffer, signature: string | undefined) => T,
) {
  const received: T[] = [];
  const statuses = [...(options.statuses ?? [])];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers[options.signatureHeader];
      received.push(view(Buffer.concat(chunks), typeof signature === 'string' ? signature : undefined));
      response.writeHead(statuses.shift() ?? options.okStatus).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
