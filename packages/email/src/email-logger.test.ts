import { describe, expect, it } from 'vitest';
import { queueLogger } from './email-logger.ts';
import { captureLogger } from './testing/capture-logger.ts';

describe('queueLogger', () => {
  it("passes on the queue's lines without their metadata or stack, failed tasks at debug", () => {
    const { logger, lines } = captureLogger();
    const queue = queueLogger(logger).scope({ workerId: 'worker-1', jobId: '7' });
    const job = { payload: { outboxId: 7 }, last_error: 'olivia@example.com' };
    queue.error("Failed task 7 (send-email) with error 'not delivered':\n  at deliver (x.ts:1:1)", {
      failure: true,
      job,
    });
    queue.error('Error with notify listener: Connection terminated', {
      error: new Error('olivia@example.com'),
    });
    queue.warn('Graphile Worker detected breaking migration');
    queue.info('Worker connected and looking for jobs...');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: 'debug',
        msg: "Failed task 7 (send-email) with error 'not delivered':",
      }),
      expect.objectContaining({
        level: 'error',
        workerId: 'worker-1',
        jobId: '7',
        msg: 'Error with notify listener: Connection terminated',
      }),
      expect.objectContaining({ level: 'warn', msg: 'Graphile Worker detected breaking migration' }),
      expect.objectContaining({ level: 'debug', msg: 'Worker connected and looking for jobs...' }),
    ]);
    expect(lines.join('\n')).not.toContain('olivia@example.com');
  });
});
