import { getServerConfig } from '@/config/server';
import { endOverSessions } from './active-session';
import { activeSessionDeps } from './session-deps';
import { serverLog } from '@/observability/logger';

/** As often as the job queue looked for idle sessions before (decision 0058). */
export const sessionSweepIntervalMs = 60_000;

type Timer = {
  schedule: (round: () => void, everyMs: number) => { unref?: () => void };
  clear: (handle: ReturnType<Timer['schedule']>) => void;
};

const realTimer: Timer = {
  schedule: (round, everyMs) => setInterval(round, everyMs),
  clear: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Every minute, in each web server: ends the portal sessions that are over (idle or past their expiry)
 * and revokes their refresh tokens at the provider, which only the web can do (it holds the client
 * credentials; the job queue, in the API's process, does not). Servers sweeping at once never revoke a
 * token twice (takeEndedSessions). A failed round is logged by the error's name only, and the next
 * minute tries again. The timer does not keep the process alive. Returns a function that stops it.
 */
export function startSessionSweep(
  options: { sweep?: () => Promise<unknown>; timer?: Timer; log?: (line: string) => void } = {},
): () => void {
  const sweep = options.sweep ?? (() => endOverSessions(activeSessionDeps(getServerConfig())));
  const log = options.log ?? ((line: string) => serverLog.warn(line));
  const timer = options.timer ?? realTimer;
  const handle = timer.schedule(() => {
    sweep().catch((error: unknown) =>
      log(`[auth] idle sessions could not be ended: ${error instanceof Error ? error.name : 'Error'}`),
    );
  }, sessionSweepIntervalMs);
  handle.unref?.();
  return () => timer.clear(handle);
}
