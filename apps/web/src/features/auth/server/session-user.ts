/**
 * What the browser's session may say about the person: a display name and e-mail address, read from the
 * ID token the server holds (its signature was checked when it arrived from the provider). Never the
 * tokens themselves.
 */
export type SessionUser = { name?: string; email?: string };

function claimsOf(idToken: string | null | undefined): Record<string, unknown> {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function sessionUserFromIdToken(idToken: string | null | undefined): SessionUser {
  const claims = claimsOf(idToken);
  const givenAndFamily = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  const name = text(claims.name) ?? text(givenAndFamily);
  const email = text(claims.email);
  return { ...(name && { name }), ...(email && { email }) };
}
