import { Logger } from 'graphile-worker';

type LogFn = (fields: Record<string, unknown>, message: string) => void;

/** What the worker logs to: pino's (and so Fastify's) logger fits. Fields hold ids and codes only. */
export interface EmailLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/**
 * graphile-worker's own log lines, passed on without their metadata: the metadata carries the whole job
 * and error objects, and a failed task's line repeats what the task already logged (at debug here). Only
 * the first line is kept (stack frames say nothing an operator needs).
 */
export function queueLogger(logger: EmailLogger): Logger {
  return new Logger((scope: { workerId?: string; taskIdentifier?: string; jobId?: string }) => {
    const fields = { queue: 'graphile-worker', workerId: scope.workerId, jobId: scope.jobId };
    // `level` is graphile's const enum of strings ('error', 'warning', 'info', 'debug').
    return (level: string, message: string, meta?: { failure?: boolean }) => {
      const line = message.split('\n', 1)[0] ?? '';
      if (level === 'error' && !meta?.failure) logger.error(fields, line);
      else if (level === 'warning') logger.warn(fields, line);
      else logger.debug(fields, line);
    };
  });
}
