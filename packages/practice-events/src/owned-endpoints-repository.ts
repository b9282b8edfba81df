import { randomBytes } from 'node:crypto';
import type { Database } from '@vet/db/connection';
import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { nextEndpointId } from './endpoints-repository.ts';
import { redriveParked } from './parked-deliveries.ts';

/**
 * The webhook endpoints a machine client registered through the integration API (decision 0112). Every
 * statement names the owner: a client reads and changes only its own, and another's answers as missing.
 * Secrets arrive sealed (secret-box.ts) and are never selected here.
 */

export interface OwnedEndpoint {
  id: number;
  url: string;
  eventTypes: string[] | null;
  practiceRefs: string[] | null;
  waiting: number;
  parked: number;
  /** When a rotated secret stops signing, while it still does; null otherwise. */
  previousSecretExpiresAt: Date | null;
  /** When it was disabled after only failures (decision 0139); null while it receives. */
  disabledAt: Date | null;
  createdAt: Date;
}

export interface EndpointFilters {
  eventTypes: string[] | null;
  practiceRefs: string[] | null;
}

/** The operator's list shows endpoints by name: a client's get its id and a random part, never clashing. */
function generatedName(ownerClientId: string): string {
  const owner = ownerClientId.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 40);
  return `api.${owner}.${randomBytes(6).toString('hex')}`;
}

const owned = (ownerClientId: string, id?: number) =>
  and(
    eq(webhookEndpoints.ownerClientId, ownerClientId),
    id === undefined ? undefined : eq(webhookEndpoints.id, id),
  );

export async function countOwnedEndpoints(db: Database, ownerClientId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(owned(ownerClientId));
  return row?.n ?? 0;
}

export async function insertOwnedEndpoint(
  db: Database,
  endpoint: EndpointFilters & {
    ownerClientId: string;
    url: string;
    /** Sealed; a function seals it bound to the endpoint's id, taken before the insert (decision 0139). */
    sealedSecret: string | ((id: number) => string);
  },
): Promise<number> {
  const id = await nextEndpointId(db);
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      name: generatedName(endpoint.ownerClientId),
      url: endpoint.url,
      secret: typeof endpoint.sealedSecret === 'string' ? endpoint.sealedSecret : endpoint.sealedSecret(id),
      ownerClientId: endpoint.ownerClientId,
      eventTypes: endpoint.eventTypes,
      practiceRefs: endpoint.practiceRefs,
    })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

/** The owner's endpoints (or the one with this id), with their deliveries waiting and parked. */
export async function listOwnedEndpoints(
  db: Database,
  ownerClientId: string,
  now: Date,
  id?: number,
): Promise<OwnedEndpoint[]> {
  return (
    db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        eventTypes: webhookEndpoints.eventTypes,
        practiceRefs: webhookEndpoints.practiceRefs,
        waiting: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
        parked: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'parked')`.mapWith(Number),
        previousSecretExpiresAt:
          sql<Date | null>`case when ${webhookEndpoints.previousSecretExpiresAt} > ${now}
        then ${webhookEndpoints.previousSecretExpiresAt} end`.mapWith(
            webhookEndpoints.previousSecretExpiresAt,
          ),
        disabledAt: webhookEndpoints.disabledAt,
        createdAt: webhookEndpoints.createdAt,
      })
      .from(webhookEndpoints)
      // Only undelivered rows are counted: the undelivered index serves them.
      .leftJoin(
        webhookDeliveries,
        sql`${webhookDeliveries.endpointId} = ${webhookEndpoints.id} and ${webhookDeliveries.status} <> 'delivered'`,
      )
      .where(owned(ownerClientId, id))
      .groupBy(webhookEndpoints.id)
      .orderBy(asc(webhookEndpoints.id))
  );
}

/**
 * Changes what is given of the URL and filters; false when the owner has no such endpoint. `enabled`
 * enables one disabled after only failures (decision 0139) and sends its parked deliveries again.
 */
export async function updateOwnedEndpoint(
  db: Database,
  ownerClientId: string,
  id: number,
  { enabled, ...changes }: Partial<EndpointFilters & { url: string; enabled: true }>,
): Promise<boolean> {
  const [updated] = await db
    .update(webhookEndpoints)
    .set({ ...changes, ...(enabled ? { active: true, disabledAt: null } : {}) })
    .where(owned(ownerClientId, id))
    .returning({ name: webhookEndpoints.name });
  if (updated && enabled) await redriveParked(db, { endpoint: updated.name });
  return updated !== undefined;
}

/**
 * A new secret, the current one kept signing beside it until `previousExpiresAt` (null: dropped now). One
 * statement: a delivery being sent holds the endpoint's share lock, so this waits until it is answered, and
 * every delivery claimed afterwards reads both (delivery-queue.ts). A secret rotated out earlier and still
 * in its overlap is dropped: two secrets sign at most.
 */
export async function rotateOwnedEndpointSecret(
  db: Database,
  ownerClientId: string,
  id: number,
  rotation: { sealedSecret: string; previousExpiresAt: Date | null },
): Promise<boolean> {
  const keep = rotation.previousExpiresAt !== null;
  const rotated = await db
    .update(webhookEndpoints)
    .set({
      secret: rotation.sealedSecret,
      previousSecret: keep ? sql`${webhookEndpoints.secret}` : null,
      previousSecretExpiresAt: rotation.previousExpiresAt,
    })
    .where(owned(ownerClientId, id))
    .returning({ id: webhookEndpoints.id });
  return rotated.length > 0;
}

export type Removal = 'removed' | 'missing' | { waiting: number; parked: number };

/**
 * Removes the owner's endpoint and its deliveries, unless deliveries wait (pending or parked) and
 * `discardWaiting` is false (decision 0112). The endpoint's row lock is taken first: no delivery is written
 * for it meanwhile (the sequencer's insert waits on it), so what was counted is what would be lost.
 */
export async function removeOwnedEndpoint(
  db: Database,
  ownerClientId: string,
  id: number,
  { discardWaiting }: { discardWaiting: boolean },
): Promise<Removal> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(owned(ownerClientId, id))
      .for('update');
    if (!endpoint) return 'missing';
    if (!discardWaiting) {
      const [undelivered] = await tx
        .select({
          waiting: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(
            Number,
          ),
          parked: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'parked')`.mapWith(Number),
        })
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.endpointId, id), inArray(webhookDeliveries.status, ['pending', 'parked'])),
        );
      if (undelivered && undelivered.waiting + undelivered.parked > 0) return undelivered;
    }
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return 'removed';
  });
}

/** A text[] of the values, one parameter each. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** The accepted machine clients, as the integration API's config has them now. */
export interface CurrentGrants {
  /** Clients of every practice (INTEGRATION_CLIENT_IDS, and grants of "all" practices). */
  everyPractice: readonly string[];
  /** Clients of some practices, by practice reference. */
  somePractices: readonly { clientId: string; practices: readonly string[] }[];
}

/**
 * Fits the registered endpoints to the grants of the config they start under (decision 0112): an endpoint
 * of a client granted some practices keeps only those of its filter (none left: it receives nothing), and
 * one of a client no longer accepted stops receiving (and receives again once it is). The sequencer knows
 * no config, so a grant narrowed between starts would otherwise leave an endpoint receiving a practice its
 * client no longer serves. Returns how many endpoints changed.
 */
export async function fitOwnedEndpointsToGrants(db: Database, grants: CurrentGrants): Promise<number> {
  const accepted = [...grants.everyPractice, ...grants.somePractices.map((grant) => grant.clientId)];
  let changed = 0;
  for (const grant of grants.somePractices) {
    const served = textArray(grant.practices);
    const narrowed = await db
      .update(webhookEndpoints)
      .set({
        practiceRefs: sql`array(select unnest(coalesce(${webhookEndpoints.practiceRefs}, ${served}))
          intersect select unnest(${served}))`,
      })
      .where(
        and(
          eq(webhookEndpoints.ownerClientId, grant.clientId),
          sql`(${webhookEndpoints.practiceRefs} is null or not ${webhookEndpoints.practiceRefs} <@ ${served})`,
        ),
      )
      .returning({ id: webhookEndpoints.id });
    changed += narrowed.length;
  }
  const isAccepted = sql`(${webhookEndpoints.ownerClientId} = any(${textArray(accepted)}))`;
  const switched = await db
    .update(webhookEndpoints)
    .set({ active: isAccepted })
    .where(
      and(
        isNotNull(webhookEndpoints.ownerClientId),
        // One disabled after only failures stays so until its owner enables it (decision 0139).
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.active} <> ${isAccepted}`,
      ),
    )
    .returning({ id: webhookEndpoints.id });
  return changed + switched.length;
}
