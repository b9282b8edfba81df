import { connectClient } from '@vet/db/connection';
import { practiceEventsChannel } from './record-events.ts';
import type pg from 'pg';
import { errorCode, type DispatcherLogger } from './dispatcher-logger.ts';

/** Opens a connection of the listener's own: it is held as long as the dispatcher runs, never pooled. */
export type ConnectListener = () => Promise<pg.Client>;

/** A ConnectListener for a database URL. */
export function listenerConnection(databaseUrl: string): ConnectListener {
  // Its errors are swallowed until the listener takes it over (connectClient).
  return () => connectClient(databaseUrl);
}

export interface EventListener {
  close(): Promise<void>;
}

const firstRetryMs = 250;
const maxRetryMs = 10_000;

/**
 * LISTENs for committed events (recordPracticeEvent's pg_notify) on a connection of its own, and calls
 * `onEvent` for each notification. When the connection is lost (a PostgreSQL restart ends every session)
 * it connects again, backing off from a quarter second to ten seconds, and calls `onListening` each time it
 * listens again: events committed while it was deaf are then looked for at once, not at the next poll.
 */
export function listenForEvents(options: {
  connect: ConnectListener;
  /** Another channel than the practice events' (the connectors' webhook hints, decision 0115). */
  channel?: string;
  /** Each notification, with its payload (none from recordPracticeEvent). */
  onEvent: (payload: string | undefined) => void;
  onListening: () => void;
  logger: DispatcherLogger;
}): EventListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let opening: Promise<void> | undefined;
  const channel = options.channel ?? practiceEventsChannel;

  const start = () => {
    opening = open().finally(() => (opening = undefined));
  };

  const retryLater = () => {
    if (closed) return;
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** Math.min(failures, 10));
    failures += 1;
    retry = setTimeout(start, delay);
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.end().catch(() => {});
    if (closed) return;
    options.logger.warn({}, 'event listener connection lost; connecting again');
    retryLater();
  };

  async function open(): Promise<void> {
    if (closed) return;
    let opened: pg.Client | undefined;
    try {
      opened = await options.connect();
      const mine = opened;
      mine.on('notification', (message) => {
        if (message.channel === channel) options.onEvent(message.payload);
      });
      mine.on('error', () => lost(mine));
      mine.on('end', () => lost(mine));
      client = mine;
      await mine.query(`listen ${channel}`);
    } catch (error) {
      if (opened && client === opened) client = null;
      await opened?.end().catch(() => {});
      options.logger.warn({ reason: errorCode(error) }, 'event listener could not listen; trying again');
      retryLater();
      return;
    }
    if (closed) {
      client = null;
      await opened.end().catch(() => {});
      return;
    }
    failures = 0;
    options.onListening();
  }

  start();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      // A connection being opened is ended by open() itself once it sees `closed`.
      await opening;
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
