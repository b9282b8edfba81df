import { describe, expect, it, vi } from 'vitest';
import { sessionSweepIntervalMs, startSessionSweep } from './session-sweep';

/** A timer that runs only when the test says so. */
function manualTimer() {
  const rounds: (() => void)[] = [];
  const unref = vi.fn();
  const clear = vi.fn();
  const schedule = (callback: () => void, everyMs: number) => {
    expect(everyMs).toBe(sessionSweepIntervalMs);
    rounds.push(callback);
    return { unref };
  };
  return { rounds, unref, clear, timer: { schedule, clear } };
}

describe('the session sweep (decision 0058)', () => {
  it('ends the sessions that are over every minute, without keeping the server alive', async () => {
    const { rounds, unref, clear, timer } = manualTimer();
    const sweep = vi.fn(() => Promise.resolve(2));
    const stop = startSessionSweep({ sweep, timer, log: () => undefined });
    expect(sweep).not.toHaveBeenCalled();
    rounds[0]!();
    rounds[0]!();
    await vi.waitFor(() => expect(sweep).toHaveBeenCalledTimes(2));
    expect(unref).toHaveBeenCalled();
    stop();
    expect(clear).toHaveBeenCalled();
  });

  it('logs a failed round by the error’s name only, and tries again the next minute', async () => {
    const { rounds, timer } = manualTimer();
    const lines: string[] = [];
    const down = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432 password=secret'), {
      name: 'DatabaseError',
    });
    const sweep = vi.fn().mockRejectedValueOnce(down).mockResolvedValueOnce(0);
    startSessionSweep({ sweep, timer, log: (line) => lines.push(line) });
    rounds[0]!();
    await vi.waitFor(() => expect(lines).toEqual(['[auth] idle sessions could not be ended: DatabaseError']));
    rounds[0]!();
    await vi.waitFor(() => expect(sweep).toHaveBeenCalledTimes(2));
    expect(lines).toHaveLength(1);
  });
});
