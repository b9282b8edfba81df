import type { Interaction } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { SUPPORTED_SCOPES } from '../scopes.ts';

/**
 * Our single client is the practice's own portal, so consent is implied: instead of a consent screen, the
 * grant covering everything it asked for (OpenID scopes, and the same scopes at the API) is created here.
 * Returns the grant's id for the interaction result.
 */
export async function grantRequestedAccess(
  provider: Provider,
  interaction: Interaction,
  accountId: string,
  apiAudience: string,
): Promise<string> {
  const clientId = interaction.params.client_id;
  if (typeof clientId !== 'string') throw new Error('interaction without a client');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  // A grant from an earlier session belongs to whoever signed in then; never extend someone else's.
  const grant =
    existing?.accountId === accountId && existing.clientId === clientId
      ? existing
      : new provider.Grant({ accountId, clientId });

  const { scope } = interaction.params;
  const requested = (typeof scope === 'string' ? scope.split(' ') : []).filter((name) =>
    SUPPORTED_SCOPES.includes(name),
  );
  grant.addOIDCScope(requested);
  grant.addResourceScope(apiAudience, requested);

  const details = interaction.prompt.details;
  if (Array.isArray(details.missingOIDCClaims)) grant.addOIDCClaims(details.missingOIDCClaims.map(String));
  const missingResourceScopes = details.missingResourceScopes;
  if (missingResourceScopes && typeof missingResourceScopes === 'object') {
    for (const [resource, scopes] of Object.entries(missingResourceScopes)) {
      if (resource === apiAudience && Array.isArray(scopes))
        grant.addResourceScope(resource, scopes.map(String));
    }
  }
  return grant.save();
}
