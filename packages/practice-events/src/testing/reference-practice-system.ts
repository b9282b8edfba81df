import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  practiceEventDataSchemas,
  practiceEventEnvelopeSchema,
  practiceEventRecordIdField,
  practiceEventRecordKindOf,
} from '@vet/contracts/practice-events';
import { Webhook } from 'standardwebhooks';

/**
 * The reference practice system for tests (decision 0067): a small receiver on loopback that does what a
 * practice's system must do with the portal's webhooks (verify the Standard Webhooks signature with the
 * specification's own library, read the envelope) and can be told to be down, slow, failing one record,
 * redirecting, or answering a huge body. A test fixture only: production code never imports it.
 */

/** An event the receiver accepted: its 2xx answer was given. */
export interface ReceivedEvent {
  webhookId: string;
  type: string;
  /** `client:<id>`, `pet:<id>` or `appointment:<id>`: the record whose order must be kept. */
  recordKey: string;
  data: Record<string, unknown>;
  receivedAt: Date;
}

/** Every request, accepted or not. */
export interface ReceivedAttempt {
  /** The `webhook-id` header (null when missing). */
  webhookId: string | null;
  path: string;
  at: Date;
  /** The status answered (or about to be, when the sender hung up first). */
  status: number;
  /** The sender hung up before the whole answer was sent (a timeout, a size bound). */
  cutOff: boolean;
  /** The request's headers as received (a signature, never a secret). */
  headers: Record<string, string>;
}

export interface Behaviour {
  /** Wait this long before answering. */
  slowMs?: number;
  /** Answer 500 to this record's events only (`appointment:12`). */
  failRecord?: string;
  /** Answer 307 to the path `movedUrl`, which would accept the event. */
  redirect?: boolean;
  /** Answer 2xx with a body of several megabytes, streamed. */
  hugeBody?: boolean;
}

export interface ReferencePracticeSystem {
  /** Where the portal sends events: http://127.0.0.1:<port>/events. */
  url: string;
  /** Where `redirect` points: a path that accepts events like `url` does. */
  movedUrl: string;
  received: ReceivedEvent[];
  attempts: ReceivedAttempt[];
  /** Stop listening and drop every open connection: new connections are refused. */
  goDown(): Promise<void>;
  /** Listen again on the same port. */
  comeBack(): Promise<void>;
  behave(mode: Behaviour | 'normal'): void;
  /** Resolves once the predicate holds (checked on every request and answer); rejects after timeoutMs. */
  waitFor(predicate: (received: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const eventsPath = '/events';
const movedPath = '/moved/events';
/** A webhook of the portal is a few kilobytes; more than this is refused (413) unread. */
const maxRequestBytes = 1024 * 1024;
const hugeBodyBytes = 8 * 1024 * 1024;
const hugeChunk = Buffer.alloc(64 * 1024, 'x');
const recordIdField = practiceEventRecordIdField;

export async function startReferencePracticeSystem(options: {
  secret: string;
}): Promise<ReferencePracticeSystem> {
  const webhook = new Webhook(options.secret);
  const received: ReceivedEvent[] = [];
  const attempts: ReceivedAttempt[] = [];
  const waiters = new Set<() => void>();
  /** The slow answers waiting, each with the way to end its wait early (on close). */
  const waits = new Map<NodeJS.Timeout, () => void>();
  let behaviour: Behaviour = {};
  const changed = () => waiters.forEach((check) => check());

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    const attempt: ReceivedAttempt = {
      webhookId: headers['webhook-id'] ?? null,
      path: request.url ?? '',
      at: new Date(),
      status: 0,
      cutOff: false,
      headers,
    };
    // Closing the server destroys the socket at once; the response only learns of it a moment later.
    const hungUp = () => response.destroyed || request.socket.destroyed;
    const note = (status: number) => {
      attempt.status = status;
      attempts.push(attempt);
      changed();
    };
    const answer = (status: number, body = '') => {
      note(status);
      if (!hungUp()) response.writeHead(status).end(body);
    };
    if (request.method !== 'POST' || (attempt.path !== eventsPath && attempt.path !== movedPath)) {
      return answer(404);
    }
    const body = await readBody(request);
    if (body === null) return answer(413);
    if (behaviour.redirect && attempt.path === eventsPath) {
      response.setHeader('location', movedPath);
      return answer(307);
    }
    let envelope: unknown;
    try {
      envelope = webhook.verify(body, headers);
    } catch {
      return answer(401);
    }
    const event = readEnvelope(envelope, attempt.webhookId);
    if (!event) return answer(400);
    if (behaviour.failRecord === event.recordKey) return answer(500);
    note(200);
    response.on('close', () => {
      attempt.cutOff = !response.writableFinished;
      changed();
    });
    if (behaviour.slowMs) {
      await wait(behaviour.slowMs, waits);
      // The sender gave up while we waited: it never saw an answer, so the event was not accepted.
      if (hungUp()) return;
    }
    if (behaviour.hugeBody) {
      // Accepted only if the sender reads the whole answer, which a bounded sender never does.
      if (await streamHugeBody(response, hungUp)) accept(event);
      return;
    }
    // Accepted before answering: a sender that has its 2xx finds the event here already.
    accept(event);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  }

  const accept = (event: ReceivedEvent) => {
    received.push(event);
    changed();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The receiver has no port');
  const { port } = address;
  let listening = true;

  const goDown = async () => {
    if (!listening) return;
    listening = false;
    const closed = once(server, 'close');
    server.close();
    server.closeAllConnections();
    await closed;
    // Their connections are gone: the slow answers stop waiting and find nobody to answer.
    waits.forEach((end, timer) => {
      clearTimeout(timer);
      end();
    });
    waits.clear();
  };

  return {
    url: `http://127.0.0.1:${port}${eventsPath}`,
    movedUrl: `http://127.0.0.1:${port}${movedPath}`,
    received,
    attempts,
    goDown,
    async comeBack() {
      if (listening) return;
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      listening = true;
    },
    behave(mode) {
      behaviour = mode === 'normal' ? {} : { ...mode };
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const done = () => {
          waiters.delete(check);
          clearTimeout(deadline);
        };
        // A predicate that throws fails the wait, never the receiver's answer that ran it.
        const check = () => {
          try {
            if (!predicate(received)) return;
            done();
            resolve();
          } catch (error) {
            done();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
        const deadline = setTimeout(() => {
          done();
          reject(
            new Error(
              `The reference practice system's condition did not hold within ${timeoutMs} ms ` +
                `(${received.length} events accepted, ${attempts.length} requests)`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: goDown,
  };
}

/** The envelope as a receiver reads it: its id must be the webhook-id, its data its type's schema. */
function readEnvelope(envelope: unknown, webhookId: string | null): ReceivedEvent | null {
  const parsed = practiceEventEnvelopeSchema.safeParse(envelope);
  if (!parsed.success || parsed.data.id !== webhookId) return null;
  const { type } = parsed.data;
  const data = practiceEventDataSchemas[type].safeParse(parsed.data.data);
  if (!data.success) return null;
  const kind = practiceEventRecordKindOf[type];
  return {
    webhookId,
    type,
    recordKey: `${kind}:${String(parsed.data.data[recordIdField[kind]])}`,
    data: parsed.data.data,
    receivedAt: new Date(),
  };
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxRequestBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Streams several megabytes as the answer; true when all of it was written. */
async function streamHugeBody(response: ServerResponse, hungUp: () => boolean): Promise<boolean> {
  response.writeHead(200, { 'content-type': 'application/json' });
  for (let sent = 0; sent < hugeBodyBytes; sent += hugeChunk.length) {
    if (hungUp()) return false;
    if (!response.write(hugeChunk) && !(await drainedOrClosed(response))) return false;
  }
  response.end();
  return !hungUp();
}

/** True once the answer can take more, false when the sender hung up. */
function drainedOrClosed(response: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (drained: boolean) => () => {
      response.off('drain', onDrain).off('close', onClose);
      resolve(drained);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    response.on('drain', onDrain).on('close', onClose);
  });
}

/** The receiver's own slowness (the behaviour under test), not a test waiting for something. */
function wait(ms: number, waits: Map<NodeJS.Timeout, () => void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waits.delete(timer);
      resolve();
    }, ms);
    waits.set(timer, () => resolve());
  });
}
