import { describe, expect, it } from 'vitest';
import { RateLine } from './ezyvet-rate-line.ts';
import { RateWindows } from './ezyvet-rate-window.ts';
import { createManualClock } from './testing/manual-clock.ts';

const tooLong = (wait: number) => new Error(`wait ${wait}`);

const setUp = () => {
  const clock = createManualClock(0);
  const windows = new RateWindows({ perEndpoint: 2, perDatabase: 10 });
  const line = new RateLine(windows, clock);
  /** Takes a slot and answers at once; resolves with the time it went. */
  const send = async (endpoint: string) => {
    const answered = await line.take(endpoint, 65_000, tooLong);
    answered(clock.now());
    return clock.now();
  };
  return { clock, windows, line, send };
};

describe('the rate line', () => {
  it('sleeps until the earliest waiting request can go, not the first to ask', async () => {
    const { clock, send } = setUp();
    await send('/a');
    await send('/a');
    clock.advance(30_000);
    await send('/b');
    await send('/b');
    // /b is spent until 90 s and asks first; /a's slots are free again at 60 s.
    const b = send('/b');
    const a = send('/a');
    expect(await a).toBe(60_000);
    expect(await b).toBe(90_000);
    expect(clock.sleeps).toEqual([30_000, 30_000]);
  });

  it('gives a freed slot to the endpoint least used in its window, whoever asked first', async () => {
    const clock = createManualClock(0);
    const windows = new RateWindows({ perEndpoint: 2, perDatabase: 3 });
    const line = new RateLine(windows, clock);
    const send = async (endpoint: string) => {
      (await line.take(endpoint, 65_000, tooLong))(clock.now());
      return clock.now();
    };
    await send('/a');
    clock.advance(30_000);
    await send('/a');
    await send('/c');
    // The database is full until 60 s, when one slot frees: /b has sent nothing this minute, /a one.
    const a = send('/a');
    const b = send('/b');
    expect(await b).toBe(60_000);
    expect(await a).toBe(90_000);
  });

  it('gives a freed slot to the endpoint with the most pages left, so the longest kind is not left alone', async () => {
    const clock = createManualClock(0);
    const windows = new RateWindows({ perEndpoint: 2, perDatabase: 3 });
    const line = new RateLine(windows, clock);
    const send = async (endpoint: string) => {
      (await line.take(endpoint, 65_000, tooLong))(clock.now());
      return clock.now();
    };
    windows.backlog('/long', 40);
    windows.backlog('/short', 2);
    await send('/long');
    clock.advance(30_000);
    await send('/long');
    await send('/c');
    // The database frees one slot at 60 s: /short has used less of its minute, but /long has more to go.
    const short = send('/short');
    const long = send('/long');
    expect(await long).toBe(60_000);
    expect(await short).toBe(90_000);
  });

  it('lets a request that can go at once pass the line', async () => {
    const { clock, send } = setUp();
    await send('/a');
    await send('/a');
    const waiting = send('/a');
    expect(await send('/b')).toBe(0);
    expect(await waiting).toBe(60_000);
    expect(clock.now()).toBe(60_000);
  });

  it('does not sleep while an answer is outstanding, since its next request may go sooner', async () => {
    const { clock, line, send } = setUp();
    await send('/b');
    await send('/b');
    clock.advance(10_000);
    await send('/a');
    let answer!: () => void;
    const inFlight = line.sending(() => new Promise<void>((resolve) => (answer = resolve)));
    // /b waits for 60 s; /a's answer is outstanding and sends again at once when it comes.
    const b = send('/b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.sleeps).toEqual([]);
    answer();
    await inFlight;
    expect(await send('/a')).toBe(10_000);
    expect(await b).toBe(60_000);
  });

  it('counts a request from its answer, so the vendor never sees a slot reused early', () => {
    const { windows } = setUp();
    const first = windows.record('/a', 0);
    windows.record('/a', 100)(200);
    first(700);
    // Sent at 0 and 100; answered at 700 and 200: the second slot frees 60 s after the earlier answer.
    expect(windows.waitFor('/a', 60_000)).toBe(200);
    expect(windows.waitFor('/a', 60_200)).toBe(0);
  });

  it('reports a wait longer than the caller will sleep through', async () => {
    const { clock, line, windows } = setUp();
    windows.block('/a', 120_000);
    await expect(line.take('/a', 65_000, tooLong)).rejects.toThrow('wait 120000');
    expect(clock.sleeps).toEqual([]);
  });
});
