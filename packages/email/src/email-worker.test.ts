import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { expireGuestHoldsTask, workerCrontab } from './email-worker.ts';

describe('the job queue’s schedule', () => {
  it('schedules the release of expired guest holds, and nothing else', () => {
    const items = parseCrontab(workerCrontab);
    expect(items.map((item) => item.task)).toEqual([expireGuestHoldsTask]);
  });
});
