import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
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

/** Which machines the integration API accepts (config.integration). */
export interface MachineAccessSettings {
  clientIds: readonly string[];
  scope: string;
}

/** The 403 answers of the two kinds of caller on each other's routes, and of a machine not let in. */
export const machineRefusals = {
  machineOnPersonRoute:
    "This is a route for people signed in to the portal; a practice system's token cannot call it.",
  personOnIntegration:
    "The integration API is for a practice system's token (client credentials), not a person's.",
  machineNotAccepted: 'This practice system is not allowed to call the integration API.',
  missingScope: 'The token does not carry the scope the integration API needs.',
} as const;

/** The integration API's codes of those refusals (decision 0102). */
export const machineRefusalCodes = {
  personOnIntegration: 'person_token',
  machineNotAccepted: 'client_not_accepted',
  missingScope: 'insufficient_scope',
} as const satisfies Partial<Record<keyof typeof machineRefusals, IntegrationErrorCode>>;

/** Why an accepted-looking machine is still refused, or undefined when it may call the integration API. */
export function machineAccessRefusal(
  caller: MachineCaller,
  settings: MachineAccessSettings,
): 'machineNotAccepted' | 'missingScope' | undefined {
  if (caller.clientId === '' || !settings.clientIds.includes(caller.clientId)) return 'machineNotAccepted';
  if (!caller.scopes.includes(settings.scope)) return 'missingScope';
  return undefined;
}
