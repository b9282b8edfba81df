/**
 * What production requires of the identity provider's environment beyond each variable's own format
 * (config.ts lists these with every other problem). An unset NODE_ENV is production (decision 0068): a
 * process started without being told it is a local run gets these rules, never the local defaults.
 */

/** Dev-only: refused when NODE_ENV=production. */
export const DEV_CLIENT_SECRET = 'dev-only-client-portal-secret-not-for-production';

/** Checked on the raw values (empty ones dropped), so that each is listed alongside every other problem. */
export function productionProblems(present: Record<string, string | undefined>): string[] {
  if ((present.NODE_ENV ?? 'production') !== 'production') return [];
  const problems: string[] = [];
  const secret = present.IDP_CLIENT_SECRET;
  if (!secret || secret.length < 32 || secret === DEV_CLIENT_SECRET) {
    problems.push('IDP_CLIENT_SECRET: must be set to a secret of at least 32 characters in production');
  }
  // Its defaults are local addresses. Over http, codes, tokens and cookies would cross the network in the
  // clear; TLS ends at the load balancer in front of the provider (its X-Forwarded-Proto is believed).
  for (const name of ['IDP_ISSUER', 'PORTAL_URL']) {
    const url = present[name];
    if (url === undefined) problems.push(`${name}: is required in production (an https URL)`);
    else if (!url.startsWith('https://')) problems.push(`${name}: must be an https URL in production`);
  }
  if (present.API_AUDIENCE === undefined)
    problems.push('API_AUDIENCE: is required in production (the audience the API expects in its tokens)');
  // Every instance must sign and verify with the same keys, and a restart must keep them: a keys file
  // would be each instance's own, made at its first start.
  for (const name of ['IDP_JWKS', 'IDP_COOKIE_KEYS']) {
    if (present[name] === undefined)
      problems.push(`${name}: is required in production (shared by every instance)`);
  }
  return problems;
}
