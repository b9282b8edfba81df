import type { ConnectorHealthResponse } from '@vet/contracts/health';
import type { Database } from '@vet/db/connection';
import { connectorStates } from '@vet/db/schema/connectors';
import { inArray } from 'drizzle-orm';

/** When a connector counts as failing: its failed passes in a row, or its lag (decision 0130). */
export interface ConnectorAlert {
  name: string;
  alert: { failedPasses: number; lagSeconds: number };
}

export type ConnectorHealth = ConnectorHealthResponse['connectors'][number];

/**
 * Each configured connector's health from its state row: its last good pass, its lag, its failed passes
 * in a row and the last one's code. Read from the database, so any instance answers for the process that
 * runs the connectors (decision 0126). A connector that has not started yet has no row: failing once its
 * lag bound has passed since `startedAt` (the API's start), as one that never read would be.
 */
export async function connectorHealth(
  db: Database,
  connectors: readonly ConnectorAlert[],
  now: Date,
  startedAt: Date,
): Promise<ConnectorHealth[]> {
  if (connectors.length === 0) return [];
  const rows = await db
    .select({
      name: connectorStates.name,
      paused: connectorStates.paused,
      lastGoodPassAt: connectorStates.lastGoodPassAt,
      failedPasses: connectorStates.failedPasses,
      lastFailure: connectorStates.lastFailure,
    })
    .from(connectorStates)
    .where(
      inArray(
        connectorStates.name,
        connectors.map((connector) => connector.name),
      ),
    );
  return connectors.map(({ name, alert }) => {
    const row = rows.find((found) => found.name === name);
    const since = row?.lastGoodPassAt ?? startedAt;
    const lagSeconds = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
    const failedPasses = row?.failedPasses ?? 0;
    // A paused connector reads nothing on purpose: the operator paused it, and `connectors list` says so.
    const failing =
      row?.paused !== true && (failedPasses >= alert.failedPasses || lagSeconds > alert.lagSeconds);
    return {
      name,
      last_good_pass_at: row?.lastGoodPassAt?.toISOString() ?? null,
      lag_seconds: lagSeconds,
      failed_passes: failedPasses,
      last_failure: row?.lastFailure ?? null,
      failing,
    };
  });
}
