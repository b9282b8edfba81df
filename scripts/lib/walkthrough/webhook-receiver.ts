import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { Webhooks } from '@vet/integration-client/generated/types.gen';
import { Webhook } from 'standardwebhooks';

/** A webhook's body: one of the contract's event envelopes. */
export type PracticeEvent = Webhooks['body'];

/**
 * What a practice system runs to take the portal's webhooks: an HTTP endpoint that verifies each
 * delivery's Standard Webhooks signature with the endpoint's secret before trusting its body, answers
 * 2xx once it has kept the event (any other answer is retried later), and drops a repeat by its id.
 */
export interface WebhookReceiver {
  url: string;
  /** The first verified event `wanted` accepts, once it has arrived. */
  waitFor: <T extends PracticeEvent>(wanted: (event: PracticeEvent) => event is T) => Promise<T>;
  /** Deliveries refused because their signature did not verify. */
  refused: () => number;
  close: () => Promise<void>;
}

/** The path every walkthrough receiver listens on, at 127.0.0.1 and a port of the moment. */
const receiverPath = '/portal-events';

/** Whether an endpoint's URL is a walkthrough receiver's (one left by an earlier run, say). */
export const isWalkthroughReceiver = (url: string) =>
  url.startsWith('http://127.0.0.1:') && url.endsWith(receiverPath);

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(): Promise<WebhookReceiver & { useSecret: (s: string) => void }> {
  let webhook: Webhook | undefined;
  const events = new Map<string, PracticeEvent>();
  const waiters = new Set<() => void>();
  let refused = 0;
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      try {
        if (!webhook) throw new Error('no secret yet');
        // Throws unless the signature is the secret's over this id, timestamp and body, and the
        // timestamp is recent (a replayed delivery is refused).
        const event = webhook.verify(body, headers) as PracticeEvent;
        events.set(event.id, event);
        waiters.forEach((check) => check());
        response.writeHead(204).end();
      } catch {
        refused += 1;
        response.writeHead(401).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}${receiverPath}`,
    useSecret: (secret) => {
      webhook = new Webhook(secret);
    },
    waitFor: (wanted) =>
      new Promise((resolve) => {
        const check = () => {
          const found = [...events.values()].find(wanted);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    refused: () => refused,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
