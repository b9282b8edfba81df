import { randomUUID } from 'node:crypto';
import { syncCycle, type ConnectorRuntime, type SyncDeps } from './connector-sync.ts';
import { passFailureOf, type PassFailure } from './vendor-port.ts';

/** A read failing for a reason we cannot see the end of: wait this long, doubling to the cap. */
const firstBackoffMs = 5_000;
const maxBackoffMs = 5 * 60_000;
/** A lease outlives a cycle's longest quiet stretch; an instance that stops answering loses it after this. */
const leaseMs = 2 * 60_000;

export interface ConnectorRunner {
  /** Read this connector's system now rather than at its next poll (a refused write, an operator's resync). */
  readSoon(name: string): void;
  /** Stops every loop after its current page and gives up the leases. */
  stop(): Promise<void>;
}

/**
 * Runs each connector's reading in a loop of its own (decision 0106), so one practice system's backlog or
 * outage never holds up another's. Several instances may run: the lease in connector_states lets one read
 * each connector at a time; the others keep asking at its poll interval.
 */
export function startConnectorRunner(runtimes: readonly ConnectorRuntime[], deps: SyncDeps): ConnectorRunner {
  const owner = randomUUID();
  const stopping = new AbortController();
  const wakers = new Map<string, () => void>();
  // A wake-up asked for while the loop was busy (not yet asleep) is kept for its next sleep.
  const wakeAsked = new Set<string>();

  /**
   * How a pass ended, on the connector's state row and in the metrics (decision 0130): what `connectors
   * list`, the metrics and GET /health/connectors show. A pass cut short by the stop is neither.
   */
  async function passEnded(name: string, failure: PassFailure | null): Promise<void> {
    if (stopping.signal.aborted) return;
    const at = deps.clock();
    try {
      if (deps.metrics) deps.metrics.refusedDeskBookings(name, await deps.store.refusedDeskBookings(name));
      if (failure === null) {
        await deps.store.passSucceeded(name, at);
        deps.metrics?.pass(name, 'read', 0, at);
        return;
      }
      const { failedPasses, lastGoodPassAt } = await deps.store.passFailed(name, failure, at);
      deps.metrics?.pass(name, failure, failedPasses, lastGoodPassAt);
    } catch (error) {
      // The database away: the pass's own failure is logged already.
      deps.log.warn({ err: error, connector: name }, 'connector pass not recorded');
    }
  }

  async function loop(runtime: ConnectorRuntime): Promise<void> {
    let backoffMs = firstBackoffMs;
    await deps.store.ensure(runtime.name);
    while (!stopping.signal.aborted) {
      let waitMs = runtime.pollSeconds * 1000;
      try {
        if (await deps.store.lease(runtime.name, owner, leaseMs)) {
          const outcome = await syncCycle(deps, runtime, stopping.signal);
          await passEnded(runtime.name, outcome.kind === 'read' ? null : outcome.kind);
          if (outcome.kind === 'read') backoffMs = firstBackoffMs;
          else {
            const asked = outcome.kind === 'unavailable' ? outcome.retryAfterMs : undefined;
            waitMs = Math.max(waitMs, asked ?? backoffMs);
            backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
          }
        }
      } catch (error) {
        // A fault of ours (the database away, a bug): logged, and the loop goes on after a back-off.
        deps.log.error({ err: error, connector: runtime.name }, 'connector cycle failed');
        await passEnded(runtime.name, passFailureOf(error));
        waitMs = backoffMs;
        backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
      }
      // Stopped while it read: an abort listener added now would never hear it.
      if (stopping.signal.aborted) break;
      if (wakeAsked.delete(runtime.name)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        function done() {
          clearTimeout(timer);
          wakers.delete(runtime.name);
          stopping.signal.removeEventListener('abort', done);
          resolve();
        }
        wakers.set(runtime.name, done);
        stopping.signal.addEventListener('abort', done);
      });
    }
    await deps.store.release(runtime.name, owner).catch(() => undefined);
  }

  const loops = runtimes.map((runtime) => loop(runtime));
  return {
    readSoon: (name) => {
      const wake = wakers.get(name);
      if (wake) wake();
      else wakeAsked.add(name);
    },
    async stop() {
      stopping.abort();
      await Promise.allSettled(loops);
    },
  };
}
