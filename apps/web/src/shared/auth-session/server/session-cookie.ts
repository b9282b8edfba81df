import { decode } from 'next-auth/jwt';

/**
 * next-auth's session cookie. Over https it carries the __Host- prefix: Secure, Path=/ and no Domain, so
 * no sibling subdomain can set or overwrite it (next-auth's own default, __Secure-, allows a Domain).
 * Either way it is HttpOnly and SameSite=Lax (Lax, not Strict: the provider's redirect back to
 * /api/auth/callback/* is a cross-site navigation that must carry the state and PKCE cookies).
 */
export function sessionCookieName(secureCookies: boolean): string {
  return `${secureCookies ? '__Host-' : ''}next-auth.session-token`;
}

/** Cookie values by name from a Cookie header. */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const name = part.slice(0, separator).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(separator + 1).trim());
  }
  return cookies;
}

/** The cookie's value, joining next-auth's chunks (`name.0`, `name.1`, …) when it was split. */
export function sessionCookieValue(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let index = 0; cookies.has(`${name}.${index}`); index += 1)
    chunks.push(cookies.get(`${name}.${index}`)!);
  return chunks.length > 0 ? chunks.join('') : null;
}

/** next-auth's session token is a compact JWE: five base64url parts. */
const compactJwe = /^[\w-]*(\.[\w-]*){4}$/;

/**
 * Whether the Cookie header carries something that could be a session (under either cookie name), so
 * that anonymous requests are answered without reading the configuration or decrypting anything.
 */
export function mayCarrySession(cookieHeader: string | null): boolean {
  if (!cookieHeader?.includes('next-auth.session-token')) return false;
  const cookies = parseCookieHeader(cookieHeader);
  return [false, true].some((secure) =>
    compactJwe.test(sessionCookieValue(cookies, sessionCookieName(secure)) ?? ''),
  );
}

/**
 * The session id inside the request's session cookie, or null. This decrypts the cookie itself rather
 * than calling next-auth's getToken, which would also accept the token from an Authorization header:
 * the portal's session is the cookie, nothing else.
 */
export async function readSessionId(
  cookieHeader: string | null,
  session: { secret: string; secureCookies: boolean },
): Promise<string | null> {
  const value = sessionCookieValue(parseCookieHeader(cookieHeader), sessionCookieName(session.secureCookies));
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret: session.secret });
    return typeof token?.sid === 'string' ? token.sid : null;
  } catch {
    return null;
  }
}
