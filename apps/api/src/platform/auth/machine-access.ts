import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { machineGrantKinds, type MachineGrantKind } from '@vet/contracts/machine-access';
/**
 * Who may call the integration API (decision 0062): a machine, that is a token no person stands behind
 * (the client-credentials grant), of a client the config names, carrying the configured scope.
 */

/** The OpenAPI tag of every integration route. */
export const INTEGRATION_TAG = 'Integration';

/** The OpenAPI security scheme of the integration routes: OAuth 2.0 client credentials. */
export const PRACTICE_SYSTEM_SECURITY = 'practiceSystemAuth';

/** A verified machine token: the client it was issued to, by which issuer, and what it may do. */
export interface MachineCaller {
  issuer: string;
  /** '' when the token is marked as a machine's but names no client: it matches no accepted client. */
  clientId: string;
  scopes: readonly string[];
}

/**
 * What one machine client may do (decision 0105): the practices it serves, by their practice-system
 * reference, or 'all' said explicitly; and the kinds of write or read it is granted.
 */
export interface MachineGrant {
  clientId: string;
  practices: 'all' | readonly string[];
  kinds: readonly MachineGrantKind[];
}

/** Which machines the integration API accepts (config.integration). */
export interface MachineAccessSettings {
  /** Clients of every practice and kind: INTEGRATION_CLIENT_IDS, as before grants existed. */
  clientIds: readonly string[];
  /** Clients with a grant of their own (INTEGRATION_CLIENT_GRANTS). */
  grants?: readonly MachineGrant[];
  scope: string;
  /**
   * The issuer whose machine tokens are taken (INTEGRATION_ISSUER, decision 0140): the grants are keyed by
   * client id, so the same client id minted by another trusted issuer is no client of theirs.
   */
  issuer: string;
}

/** The grant of an accepted client: its own, or every practice and kind for one INTEGRATION_CLIENT_IDS lists. */
export function grantOf(clientId: string, settings: MachineAccessSettings): MachineGrant | undefined {
  if (clientId === '') return undefined;
  const own = settings.grants?.find((grant) => grant.clientId === clientId);
  if (own) return own;
  if (settings.clientIds.includes(clientId)) return { clientId, practices: 'all', kinds: machineGrantKinds };
  return undefined;
}

/** Whether the grant covers a practice, by its practice-system reference (null: a practice with none). */
export function servesPractice(grant: MachineGrant, practiceRef: string | null): boolean {
  return grant.practices === 'all' || (practiceRef !== null && grant.practices.includes(practiceRef));
}

/** The 403 answers of the two kinds of caller on each other's routes, and of a machine not let in. */
export const machineRefusals = {
  machineOnPersonRoute:
    "This is a route for people signed in to the portal; a practice system's token cannot call it.",
  personOnIntegration:
    "The integration API is for a practice system's token (client credentials), not a person's.",
  machineNotAccepted: 'This practice system is not allowed to call the integration API.',
  kindNotAllowed: 'This practice system is not granted this kind of record or read.',
  missingScope: 'The token does not carry the scope the integration API needs.',
} as const;

/** The integration API's codes of those refusals (decision 0102). */
export const machineRefusalCodes = {
  personOnIntegration: 'person_token',
  machineNotAccepted: 'client_not_accepted',
  missingScope: 'insufficient_scope',
  kindNotAllowed: 'kind_not_allowed',
} as const satisfies Partial<Record<keyof typeof machineRefusals, IntegrationErrorCode>>;

/** Why an accepted-looking machine is still refused, or undefined when it may call the integration API. */
export function machineAccessRefusal(
  caller: MachineCaller,
  settings: MachineAccessSettings,
): 'machineNotAccepted' | 'missingScope' | undefined {
  if (caller.issuer !== settings.issuer) return 'machineNotAccepted';
  if (grantOf(caller.clientId, settings) === undefined) return 'machineNotAccepted';
  if (!caller.scopes.includes(settings.scope)) return 'missingScope';
  return undefined;
}
