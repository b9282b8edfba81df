import type { Database } from '@vet/db/connection';
import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  endpointSecretBinding,
  isBound,
  openSecret,
  sealedWith,
  sealSecret,
  SecretUnavailable,
  type SecretKeys,
} from './secret-box.ts';

/** The operator's webhook endpoints (`npm run events -- endpoints ...`). */

export interface NewEndpoint {
  name: string;
  url: string;
  /** Sealed; a function seals it bound to the new endpoint's id (decision 0139), taken before the insert. */
  secret: string | ((id: number) => string);
  /** Only the events of these practices (practice-system references); null or left out: every practice's. */
  practiceRefs?: string[] | null;
  /** Only events of these types; null or left out: every type. */
  eventTypes?: string[] | null;
}

/**
 * Adds an endpoint, or returns null when the name is taken. It gets the events numbered from now on: an
 * event numbered before it was added is not sent to it (the feed has them).
 */
export async function addEndpoint(db: Database, endpoint: NewEndpoint): Promise<{ id: number } | null> {
  const id = await nextEndpointId(db);
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      ...endpoint,
      id,
      secret: typeof endpoint.secret === 'string' ? endpoint.secret : endpoint.secret(id),
    })
    .onConflictDoNothing({ target: webhookEndpoints.name })
    .returning({ id: webhookEndpoints.id });
  return row ?? null;
}

/** The id the next endpoint gets: its secret is sealed bound to it before the row is written. */
export async function nextEndpointId(db: Database): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('webhook_endpoints', 'id')) as id`,
  );
  return Number(rows[0]!.id);
}

export interface EndpointSummary {
  name: string;
  url: string;
  active: boolean;
  /** When it was disabled after only failures (decision 0139); null otherwise. */
  disabledAt: Date | null;
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
        disabledAt: webhookEndpoints.disabledAt,
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

/**
 * Seals every endpoint's secrets (its secret, and a rotated one still kept, decision 0112) under the
 * current key (a key rotation, or secrets stored before sealing), each endpoint in one statement under its
 * row lock, so a delivery being signed meanwhile reads the old values or the new, both of which open to the
 * same secrets. Answers how many endpoints moved and the names of those whose key is not listed (left as
 * they are).
 */
export async function resealEndpointSecrets(
  db: Database,
  keys: SecretKeys,
): Promise<{ resealed: number; unopened: string[] }> {
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      name: webhookEndpoints.name,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.name));
  let resealed = 0;
  const unopened: string[] = [];
  for (const endpoint of endpoints) {
    // Current: under the first key and bound to this endpoint (a v1 value is rebound, decision 0139).
    const binding = endpointSecretBinding(endpoint.id);
    const current = (stored: string | null) =>
      stored === null || (sealedWith(stored) === keys.current.id && isBound(stored));
    const resealedValue = (stored: string | null) =>
      stored === null || current(stored)
        ? stored
        : sealSecret(keys, openSecret(keys, stored, binding), binding);
    if (current(endpoint.secret) && current(endpoint.previousSecret)) continue;
    let values: { secret: string; previousSecret: string | null };
    try {
      values = {
        secret: resealedValue(endpoint.secret)!,
        previousSecret: resealedValue(endpoint.previousSecret),
      };
    } catch (error) {
      if (!(error instanceof SecretUnavailable)) throw error;
      unopened.push(endpoint.name);
      continue;
    }
    // Only if unchanged since it was read: a concurrent reseal, rotation or remove wins.
    const moved = await db
      .update(webhookEndpoints)
      .set(values)
      .where(
        and(
          eq(webhookEndpoints.id, endpoint.id),
          eq(webhookEndpoints.secret, endpoint.secret),
          endpoint.previousSecret === null
            ? isNull(webhookEndpoints.previousSecret)
            : eq(webhookEndpoints.previousSecret, endpoint.previousSecret),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    resealed += moved.length;
  }
  return { resealed, unopened };
}
