import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import {
  endIdleSessionsTask,
  expireGuestHoldsTask,
  pruneOnboardingCountersTask,
  workerCrontab,
} from './email-worker.ts';

describe('the job queue’s schedule', () => {
  it('schedules the release of expired guest holds, the end of idle sessions and the pruning of onboarding counters, and nothing else', () => {
    const items = parseCrontab(workerCrontab);
    expect(items.map((item) => item.task)).toEqual([
      expireGuestHoldsTask,
      endIdleSessionsTask,
      pruneOnboardingCountersTask,
    ]);
  });
});
