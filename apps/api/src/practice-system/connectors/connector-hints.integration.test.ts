import { useOwnDatabase } from '@vet/db/testing/own-database';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { connectorHintsChannel, listenForConnectorHints } from './connector-hints.ts';

/**
 * The worker's side of a webhook hint (decision 0115, decision 0126) on real PostgreSQL: it wakes the
 * connectors it runs, ignores the others, and after a lost connection listens again and wakes all of its
 * own, since a hint sent while it was deaf is gone. A database of its own: no other file's listener.
 */
const own = useOwnDatabase('connector_hint_listener');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const notify = (name: string) =>
  own.current.pool.query('select pg_notify($1, $2)', [connectorHintsChannel, name]);

/** The backends LISTENing for hints: their last statement is the LISTEN. */
const listeners = async () =>
  (
    await own.current.pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and state = 'idle' and query = $1`,
      [`listen ${connectorHintsChannel}`],
    )
  ).rows.map((row) => row.pid);

function listening(names: string[]) {
  const woken: string[] = [];
  const listener = listenForConnectorHints({
    databaseUrl: own.current.url,
    names,
    readSoon: (name) => woken.push(name),
    log: pino({ level: 'silent' }),
  });
  closers.push(() => listener.close());
  return woken;
}

describe("the connectors' listener for webhook hints", () => {
  it('wakes a connector it runs, and only that one', async () => {
    const woken = listening(['provet-bath', 'provet-wells']);
    await expect.poll(listeners).toHaveLength(1);
    await notify('someone-elses');
    await notify('provet-wells');
    await expect.poll(() => woken).toEqual(['provet-wells']);
  });

  it('listens again after its connection is lost, and wakes every connector it runs', async () => {
    const woken = listening(['provet-bath', 'provet-wells']);
    await expect.poll(listeners).toHaveLength(1);
    const [lost] = await listeners();
    await own.current.pool.query('select pg_terminate_backend($1)', [lost]);
    await expect.poll(() => woken.toSorted()).toEqual(['provet-bath', 'provet-wells']);
    const again = await listeners();
    expect(again).toHaveLength(1);
    expect(again).not.toContain(lost);
    await notify('provet-bath');
    await expect.poll(() => woken).toHaveLength(3);
    expect(woken[2]).toBe('provet-bath');
  });
});
