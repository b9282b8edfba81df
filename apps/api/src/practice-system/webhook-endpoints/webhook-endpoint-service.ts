import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import {
  webhookEndpointsPerClient,
  type RegisterWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@vet/contracts/integration-webhook-endpoints';
import type { Database } from '@vet/db/connection';
import {
  countOwnedEndpoints,
  fitOwnedEndpointsToGrants,
  insertOwnedEndpoint,
  listOwnedEndpoints,
  removeOwnedEndpoint,
  rotateOwnedEndpointSecret,
  updateOwnedEndpoint,
  type OwnedEndpoint,
} from '@vet/practice-events/owned-endpoints-repository';
import {
  refuseHostAndAddresses,
  type AllowedPrivateHosts,
  type ResolveHost,
} from '@vet/practice-events/endpoint-address';
import { endpointSecretBinding, sealSecret, type SecretKeys } from '@vet/practice-events/secret-box';
import { checkEndpointUrl, newEndpointSecret } from '@vet/practice-events/webhook-delivery';
import { badRequest, conflict, forbidden, notFound, type MachineGrant } from '../../platform/index.ts';

/**
 * The rules of the endpoints a machine client manages itself (decision 0112): its own only, filtered to
 * practices it serves, a secret the portal makes and shows once, a rotation with an overlap, and a removal
 * that loses no waiting delivery unless told to.
 */

export interface WebhookEndpointSettings {
  /** WEBHOOK_SECRET_KEYS: what the secrets are sealed with at rest. */
  secretKeys: SecretKeys;
  /** Production: https:// URLs only. */
  requireHttps: boolean;
  /**
   * Hosts that are not public and that a URL may still name (WEBHOOK_ALLOWED_PRIVATE_HOSTS, decision
   * 0137); any other loopback, private, link-local, … host or address is refused.
   */
  allowedPrivateHosts: AllowedPrivateHosts;
  /** Tests: how host names are resolved (DNS otherwise). */
  resolveHost?: ResolveHost;
}

export interface WebhookEndpointDeps {
  db: Database;
  settings: WebhookEndpointSettings;
  clock?: () => Date;
}

export const endpointRefusals = {
  unknown: 'You have no webhook endpoint with that id.',
  practiceNotServed: (refs: string[]) =>
    `This practice system is not granted the practice${refs.length === 1 ? '' : 's'} ${refs.join(', ')}.`,
  tooMany: `A practice system has at most ${webhookEndpointsPerClient} webhook endpoints: remove one first.`,
  waiting: (waiting: number, parked: number) =>
    `The endpoint has ${waiting} deliveries waiting and ${parked} parked: they would be lost. ` +
    'Remove it once they are delivered, or with discard_waiting=true to drop them.',
} as const;

const hourMs = 3600_000;

/** A filter's list without repeats, in its order (`practiceSystemRefSchema` trimmed each entry). */
const distinct = (list: string[] | null): string[] | null => list && [...new Set(list)];

function asEndpoint(row: OwnedEndpoint): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    event_types: row.eventTypes,
    practices: row.practiceRefs,
    waiting: row.waiting,
    parked: row.parked,
    previous_secret_expires_at: row.previousSecretExpiresAt?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The practices the endpoint is to receive: those named, each one the grant serves (403 otherwise), or,
 * when none is named, every practice the grant serves, stored as such (null only for a grant of all), so
 * a caller limited to some practices never receives another's events (decision 0105).
 */
function practicesFor(grant: MachineGrant, given: string[] | null): string[] | null {
  const named = distinct(given);
  if (grant.practices === 'all') return named;
  if (named === null) return [...grant.practices];
  const notServed = named.filter((ref) => !grant.practices.includes(ref));
  if (notServed.length > 0)
    throw forbidden(
      endpointRefusals.practiceNotServed(notServed),
      'practice_not_served' satisfies IntegrationErrorCode,
    );
  return named;
}

/**
 * The URL, unless refused: its form, then its host (decision 0137): an address that is not public, a name
 * local by its form, or a name that resolves now to any address that is not public, unless the operator
 * allowed it. A name that does not resolve is accepted; every delivery checks the address it dials.
 */
async function checkedUrl(url: string, settings: WebhookEndpointSettings): Promise<string> {
  const rules = { requireHttps: settings.requireHttps, allowedPrivateHosts: settings.allowedPrivateHosts };
  const refused =
    checkEndpointUrl(url, rules) ??
    (await refuseHostAndAddresses(new URL(url).hostname, { ...rules, resolve: settings.resolveHost }));
  if (refused) throw badRequest('The endpoint’s URL is refused.', [{ path: 'url', message: `${refused}.` }]);
  return url;
}

async function ownedOne(
  deps: WebhookEndpointDeps,
  grant: MachineGrant,
  id: number,
): Promise<WebhookEndpoint> {
  const [row] = await listOwnedEndpoints(deps.db, grant.clientId, now(deps), id);
  if (!row) throw notFound(endpointRefusals.unknown);
  return asEndpoint(row);
}

const now = (deps: WebhookEndpointDeps) => deps.clock?.() ?? new Date();

export async function listWebhookEndpoints(
  deps: WebhookEndpointDeps,
  grant: MachineGrant,
): Promise<WebhookEndpoint[]> {
  return (await listOwnedEndpoints(deps.db, grant.clientId, now(deps))).map(asEndpoint);
}

export const getWebhookEndpoint = ownedOne;

export async function registerWebhookEndpoint(
  deps: WebhookEndpointDeps,
  grant: MachineGrant,
  body: RegisterWebhookEndpoint,
): Promise<WebhookEndpointWithSecret> {
  const url = await checkedUrl(body.url, deps.settings);
  const practiceRefs = practicesFor(grant, body.practices ?? null);
  // Counted before the insert, not under a lock: two registrations at once may pass one over the limit,
  // which only bounds the fan-out, not anyone's access.
  if ((await countOwnedEndpoints(deps.db, grant.clientId)) >= webhookEndpointsPerClient)
    throw conflict(endpointRefusals.tooMany, 'too_many_endpoints' satisfies IntegrationErrorCode);
  const secret = newEndpointSecret();
  const id = await insertOwnedEndpoint(deps.db, {
    ownerClientId: grant.clientId,
    url,
    // Stored sealed, bound to its row: a reader of the database cannot sign a webhook with it, nor a
    // writer move it to an endpoint of theirs (secret-box.ts, decision 0139).
    sealedSecret: (endpointId) =>
      sealSecret(deps.settings.secretKeys, secret, endpointSecretBinding(endpointId)),
    eventTypes: distinct(body.event_types ?? null),
    practiceRefs,
  });
  return { ...(await ownedOne(deps, grant, id)), secret };
}

export async function updateWebhookEndpoint(
  deps: WebhookEndpointDeps,
  grant: MachineGrant,
  id: number,
  body: UpdateWebhookEndpoint,
): Promise<WebhookEndpoint> {
  const changes = {
    ...(body.url === undefined ? {} : { url: await checkedUrl(body.url, deps.settings) }),
    ...(body.event_types === undefined ? {} : { eventTypes: distinct(body.event_types) }),
    ...(body.practices === undefined ? {} : { practiceRefs: practicesFor(grant, body.practices) }),
    ...(body.enabled ? { enabled: body.enabled } : {}),
  };
  if (!(await updateOwnedEndpoint(deps.db, grant.clientId, id, changes)))
    throw notFound(endpointRefusals.unknown);
  return ownedOne(deps, grant, id);
}

export async function rotateWebhookSecret(
  deps: WebhookEndpointDeps,
  grant: MachineGrant,
  id: number,
  overlapHours: number,
): Promise<WebhookEndpointWithSecret> {
  const secret = newEndpointSecret();
  const previousExpiresAt = overlapHours > 0 ? new Date(now(deps).getTime() + overlapHours * hourMs) : null;
  const rotated = await rotateOwnedEndpointSecret(deps.db, grant.clientId, id, {
    sealedSecret: sealSecret(deps.settings.secretKeys, secret, endpointSecretBinding(id)),
    previousExpiresAt,
  });
  if (!rotated) throw notFound(endpointRefusals.unknown);
  return { ...(await ownedOne(deps, grant, id)), secret };
}

export async function removeWebhookEndpoint(
  deps: WebhookEndpointDeps,
  grant: MachineGrant,
  id: number,
  options: { discardWaiting: boolean },
): Promise<void> {
  const removal = await removeOwnedEndpoint(deps.db, grant.clientId, id, options);
  if (removal === 'missing') throw notFound(endpointRefusals.unknown);
  if (removal !== 'removed')
    throw conflict(
      endpointRefusals.waiting(removal.waiting, removal.parked),
      'endpoint_has_waiting_deliveries' satisfies IntegrationErrorCode,
    );
}

/**
 * At start-up, the endpoints registered through the API fitted to the grants of this config (decision
 * 0112): a narrowed grant narrows its client's endpoints, a client no longer accepted receives nothing.
 */
export async function fitEndpointsToGrants(
  db: Database,
  access: { clientIds: readonly string[]; grants: readonly MachineGrant[] },
): Promise<number> {
  const limited = access.grants.flatMap((grant) =>
    grant.practices === 'all' ? [] : [{ clientId: grant.clientId, practices: grant.practices }],
  );
  const everyPractice = [
    ...access.clientIds,
    ...access.grants.filter((grant) => grant.practices === 'all').map((grant) => grant.clientId),
  ];
  return fitOwnedEndpointsToGrants(db, { everyPractice, somePractices: limited });
}
