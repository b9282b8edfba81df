import type { Database } from '@vet/db/connection';
import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { asc, eq, sql } from 'drizzle-orm';

/** The operator's webhook endpoints (`npm run events -- endpoints ...`). */

export interface NewEndpoint {
  name: string;
  url: string;
  secret: string;
}

/**
 * Adds an endpoint, or returns null when the name is taken. It gets the events numbered from now on: an
 * event numbered before it was added is not sent to it (the feed has them).
 */
export async function addEndpoint(db: Database, endpoint: NewEndpoint): Promise<{ id: number } | null> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values(endpoint)
    .onConflictDoNothing({ target: webhookEndpoints.name })
    .returning({ id: webhookEndpoints.id });
  return row ?? null;
}

export interface EndpointSummary {
  name: string;
  url: string;
  active: boolean;
  /** Deliveries not sent yet: due, waiting for a retry, or waiting behind their record's earlier one. */
  waiting: number;
  parked: number;
}

export async function listEndpoints(db: Database): Promise<EndpointSummary[]> {
  return (
    db
      .select({
        name: webhookEndpoints.name,
        url: webhookEndpoints.url,
        active: webhookEndpoints.active,
        waiting: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
        parked: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'parked')`.mapWith(Number),
      })
      .from(webhookEndpoints)
      // Only undelivered rows are counted: the undelivered index serves them, not every delivery ever made.
      .leftJoin(
        webhookDeliveries,
        sql`${webhookDeliveries.endpointId} = ${webhookEndpoints.id} and ${webhookDeliveries.status} <> 'delivered'`,
      )
      .groupBy(webhookEndpoints.id)
      .orderBy(asc(webhookEndpoints.name))
  );
}

/**
 * Removes an endpoint and its deliveries (a delivery being sent finishes first: its row lock holds the
 * delete). Returns whether it existed.
 */
export async function removeEndpoint(db: Database, name: string): Promise<boolean> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.name, name))
    .returning({ id: webhookEndpoints.id });
  return removed.length > 0;
}
