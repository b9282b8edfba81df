import { describe, expect, it } from 'vitest';
import { failedItem, payloadItems } from './batch-jobs.ts';
import { outboxIdsOf } from './send-email-job.ts';
import { smsIdsOf } from './send-sms-job.ts';

describe('batch jobs', () => {
  it("reads a batch's list and a job of one alike", () => {
    expect(outboxIdsOf([{ outboxId: 3 }, { outboxId: 5 }])).toEqual([3, 5]);
    expect(outboxIdsOf({ outboxId: 7 })).toEqual([7]);
    expect(smsIdsOf([{ smsId: 2 }])).toEqual([2]);
    expect(payloadItems('x', (item) => `${String(item)}!`)).toEqual(['x!']);
  });

  it('refuses a list with one bad item', () => {
    expect(() => outboxIdsOf([{ outboxId: 3 }, { outboxId: 'five' }])).toThrow(/no valid outboxId/);
    expect(() => smsIdsOf([{}])).toThrow(/no valid smsId/);
  });

  it('a failed item rejects for the queue, already marked handled', async () => {
    const item = failedItem(new Error('busy'));
    await expect(item).rejects.toThrow('busy');
  });
});
