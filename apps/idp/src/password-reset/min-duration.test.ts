import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMinimumDuration } from './min-duration.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether the promise has settled, after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('withMinimumDuration', () => {
  it('waits out the rest of the minimum after quick work, and returns its result', async () => {
    const answer = withMinimumDuration(60, () => Promise.resolve('done'));
    await vi.advanceTimersByTimeAsync(59);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(answer)).toBe(true);
    expect(await answer).toBe('done');
  });

  it('adds nothing to work that took longer', async () => {
    const answer = withMinimumDuration(10, () => new Promise((resolve) => setTimeout(resolve, 40, 'slow')));
    await vi.advanceTimersByTimeAsync(40);
    expect(await settled(answer)).toBe(true);
    expect(await answer).toBe('slow');
  });

  it('pads a failure too, so an error does not answer sooner', async () => {
    const answer = withMinimumDuration(60, () => Promise.reject(new Error('planted')));
    const outcome = expect(answer).rejects.toThrow('planted');
    await vi.advanceTimersByTimeAsync(59);
    expect(await settled(answer)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
