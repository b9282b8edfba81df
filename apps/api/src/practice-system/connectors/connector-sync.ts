import { practiceRecordRefFields } from '@vet/contracts/integration-records';
import type { FastifyBaseLogger } from 'fastify';
import { applyPage, connectorGrant, type ApplyDeps } from './apply-read.ts';
import type { ConnectorMetrics } from './connector-metrics.ts';
import type { ConnectorStore } from './connector-store.ts';
import {
  VendorAnswerUnknown,
  VendorAuthFailed,
  VendorUnavailable,
  type ReadKind,
  type ReadPage,
  type VendorConnection,
} from './vendor-port.ts';

/** One configured connector with its vendor connection. */
export interface ConnectorRuntime {
  name: string;
  practices: readonly string[];
  pollSeconds: number;
  connection: VendorConnection;
}

export interface SyncDeps {
  store: ConnectorStore;
  apply: ApplyDeps;
  metrics: ConnectorMetrics | undefined;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/** How one pass over a connector's kinds ended; `retryAfterMs` when the system asked us to wait. */
export type CycleOutcome =
  | { kind: 'read'; pages: number }
  | { kind: 'unavailable'; retryAfterMs: number | undefined }
  | { kind: 'auth_failed' }
  /** The system answered in a shape the connection does not know: the operator acts (decision 0130). */
  | { kind: 'unknown_answer' };

/**
 * One pass: every kind the system reads, parents first (a new client before the desk booking that names
 * it), each from its cursor to the end. A page's cursor is stored only once the page is applied, so a
 * failure or a crash reads the page again (applying a record twice changes nothing the second time).
 */
export async function syncCycle(
  deps: SyncDeps,
  runtime: ConnectorRuntime,
  signal?: AbortSignal,
): Promise<CycleOutcome> {
  const { store, log, metrics } = deps;
  const { name, connection } = runtime;
  let pages = 0;
  if (connection.readAhead) {
    const cursors = new Map<ReadKind, string | null>();
    for (const kind of connection.readKinds) cursors.set(kind, await store.cursor(name, kind));
    connection.readAhead(cursors, signal);
  }
  for (const kind of connection.readKinds) {
    try {
      // What was refused before goes again first: a parent put right since lets its children in.
      // Those refused again wait longer each time (connector-store.ts), so a record that cannot apply is
      // not tried on every pass.
      const refused = await store.refusedReads(name, kind, retryBatch);
      if (refused.length > 0)
        await applyAndReport(deps, runtime, kind, { records: refused, deleted: [] }, true);
      for (;;) {
        if (signal?.aborted) return { kind: 'read', pages };
        const cursor = await store.cursor(name, kind);
        const page = await connection.read(kind, cursor, signal);
        await applyAndReport(deps, runtime, kind, page);
        // What the connection would not map: reported, with no body (nothing to try again but a fresh read).
        for (const { ref, reasons } of page.refused ?? [])
          await store.refusal(name, 'read', kind, ref, reasons, null);
        metrics?.records(name, kind, 'refused', page.refused?.length ?? 0);
        await store.advance(name, kind, page.cursor);
        pages += 1;
        if (!page.more) break;
      }
      metrics?.caughtUp(name, kind, deps.clock());
    } catch (error) {
      if (error instanceof VendorUnavailable) {
        await store.failed(name, kind, 'unavailable');
        log.warn({ connector: name, kind, retryAfterMs: error.retryAfterMs }, 'practice system unavailable');
        return { kind: 'unavailable', retryAfterMs: error.retryAfterMs };
      }
      if (error instanceof VendorAuthFailed) {
        await store.failed(name, kind, 'auth_failed');
        log.error({ connector: name, kind }, 'practice system refused our credentials');
        return { kind: 'auth_failed' };
      }
      if (error instanceof VendorAnswerUnknown) {
        await store.failed(name, kind, 'unknown_answer');
        log.error({ connector: name, kind }, 'practice system answered in a shape we do not know');
        return { kind: 'unknown_answer' };
      }
      throw error;
    }
  }
  return { kind: 'read', pages };
}

/** Refused records applied again per pass, at most (a large backlog drains over several passes). */
const retryBatch = 500;

/** Applies a page and keeps the report: each refused record with its reasons (and body, to try again). */
async function applyAndReport(
  deps: SyncDeps,
  runtime: ConnectorRuntime,
  kind: ReadKind,
  page: Pick<ReadPage, 'records' | 'deleted'>,
  retried = false,
): Promise<void> {
  const { store, metrics, log } = deps;
  const { name } = runtime;
  const outcome = await applyPage(deps.apply, connectorGrant(name, runtime.practices), kind, page);
  const reads = new Map(
    page.records.map((record) => [record.ref, { body: record.body, codes: record.codes }]),
  );
  for (const { ref, reasons } of outcome.refused)
    await store.refusal(name, 'read', kind, ref, reasons, reads.get(ref) ?? null, retried);
  await store.clearRefusals(name, 'read', kind, outcome.applied);
  // A parent applied: the records refused for naming it need not wait out their back-off.
  if (kind !== 'appointments') await store.retrySoon(name, practiceRecordRefFields[kind], outcome.applied);
  metrics?.records(name, kind, 'applied', outcome.applied.length);
  metrics?.records(name, kind, 'refused', outcome.refused.length);
  if (outcome.refused.length > 0)
    log.warn(
      { connector: name, kind, refused: outcome.refused.length },
      'records refused; see the connector report',
    );
}
