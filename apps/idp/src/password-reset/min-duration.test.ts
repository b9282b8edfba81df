import { describe, expect, it } from 'vitest';
import { withMinimumDuration } from './min-duration.ts';

describe('withMinimumDuration', () => {
  it('waits out the rest of the minimum after quick work, and returns its result', async () => {
    const started = performance.now();
    expect(await withMinimumDuration(60, () => Promise.resolve('done'))).toBe('done');
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
  });

  it('adds nothing to work that took longer', async () => {
    const started = performance.now();
    await withMinimumDuration(10, () => new Promise((resolve) => setTimeout(resolve, 40)));
    expect(performance.now() - started).toBeLessThan(40 + 30);
  });

  it('pads a failure too, so an error does not answer sooner', async () => {
    const started = performance.now();
    await expect(withMinimumDuration(60, () => Promise.reject(new Error('planted')))).rejects.toThrow(
      'planted',
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(59);
  });
});
