import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A practice system's receiver for the rotation tests (decision 0112): it verifies each webhook with the
 * Standard Webhooks library against the secrets it holds now (changed as its owner deploys a new one),
 * answers 401 when none verifies, and can hold its answers back so deliveries stay in flight.
 */

export interface ReceivedWebhook {
  webhookId: string;
  /** 200 when a secret it held verified the webhook, 401 otherwise. */
  status: number;
  /** How many `v1,` signatures the `webhook-signature` header carried. */
  signatures: number;
}

export interface RotatingReceiver {
  url: string;
  /** Every answer given, in order. */
  answered: ReceivedWebhook[];
  /** Requests received and not answered yet (held). */
  inFlight(): number;
  /** The secrets it verifies with from now on. */
  holds(secrets: string[]): void;
  /** Hold every answer until release(). */
  hold(): void;
  release(): void;
  /** Resolves once the predicate holds (checked on each request and answer). */
  waitFor(predicate: () => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startRotatingReceiver(): Promise<RotatingReceiver> {
  let secrets: string[] = [];
  let held: (() => void)[] | undefined;
  let pending = 0;
  const answered: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((check) => check());

  const server = createServer((request, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      pending += 1;
      changed();
      const answer = () => {
        // Verified as the answer is given, with the secrets held at that moment.
        const verified = secrets.some((secret) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        });
        const status = verified ? 200 : 401;
        pending -= 1;
        answered.push({
          webhookId: headers['webhook-id'],
          status,
          signatures: headers['webhook-signature'].split(' ').length,
        });
        response.writeHead(status).end();
        changed();
      };
      if (held) held.push(answer);
      else answer();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    answered,
    inFlight: () => pending,
    holds: (next) => {
      secrets = [...next];
    },
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      waiting.forEach((answer) => answer());
    },
    waitFor: (predicate) =>
      new Promise((resolve) => {
        const check = () => {
          if (!predicate()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
