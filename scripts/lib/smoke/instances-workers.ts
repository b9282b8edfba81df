import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { connectDatabase } from '@vet/db/connection';
import { enqueueEmail } from '@vet/email/enqueue-email';
import type { TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { outboxRows } from '@vet/email/testing/outbox-probe';
import type { Certificate } from './instances-journey.ts';
import type { Started } from './production-smoke-processes.ts';

/** The several-instances phase's workers (decision 0126): what they send, and their drain. */

interface Instance {
  name: string;
  process: Started;
}

export interface EventReceiver {
  /** The `type` of each event received, in order. */
  types: string[];
  close: () => Promise<void>;
}

/**
 * The practice events' webhook endpoint: https on the public side's address with the run's certificate
 * (production sends to https only), answering 200 to each POST and keeping its events' types.
 */
export async function startEventReceiver(tls: Certificate, port: number): Promise<EventReceiver> {
  const types: string[] = [];
  const server = createServer(
    { cert: readFileSync(tls.certificate), key: readFileSync(tls.key) },
    (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        try {
          const parsed = JSON.parse(body) as { type?: string; events?: { type?: string }[] };
          for (const event of parsed.events ?? [parsed]) if (event.type) types.push(event.type);
        } catch {
          // Not an event: answered all the same, and counted as none.
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    },
  );
  server.listen(port, '127.0.0.2');
  await once(server, 'listening');
  return {
    types,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An e-mail is queued and held by the SMTP server once its data has arrived: one worker process is in the
 * middle of sending it. Both workers get SIGTERM; once the first has exited, the other must
 * still be running, and when the server accepts the message it finishes the job, marks the e-mail sent
 * (one attempt: no retry left for another instance) and exits 0.
 */
export async function emailFinishesAtSigterm<W extends Instance>(
  databaseUrl: string,
  smtp: TestSmtpServer,
  workers: W[],
  stop: (instance: W) => Promise<number>,
): Promise<void> {
  const held = smtp.holdNext();
  const database = connectDatabase(databaseUrl, { max: 1 });
  let outboxId: number;
  try {
    outboxId = await enqueueEmail(database.db, {
      to: 'drain-check@example.com',
      subject: 'Drain check',
      text: 'Sent while its worker stops.',
      html: '<p>Sent while its worker stops.</p>',
    });
  } finally {
    await database.close();
  }
  await Promise.race([
    held.arrived,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('no worker began sending the queued e-mail in 30 s')), 30_000),
    ),
  ]);
  const stopped = workers.map((worker) =>
    stop(worker).then(
      () => null,
      (error: Error) => error,
    ),
  );
  await Promise.race(stopped);
  const running = workers.filter(
    (worker) => worker.process.child.exitCode === null && !worker.process.child.signalCode,
  );
  held.release();
  const failure = (await Promise.all(stopped)).find((outcome) => outcome !== null);
  if (failure) throw failure;
  if (running.length !== 1) throw new Error('both workers exited while one of them was sending an e-mail');
  const check = connectDatabase(databaseUrl, { max: 1 });
  try {
    const [row] = await outboxRows(check, [outboxId]);
    if (row?.status !== 'sent' || row.attempts !== 1)
      throw new Error(`the e-mail being sent at SIGTERM was not finished: ${JSON.stringify(row)}`);
  } finally {
    await check.close();
  }
  if (!smtp.received.some(({ to }) => to.includes('drain-check@example.com')))
    throw new Error('the SMTP server never accepted the e-mail being sent at SIGTERM');
}
