import type { NextAuthOptions } from 'next-auth';
import { apiErrorResponse, crossSiteWriteResponse, isSameOriginWrite, readBody } from '@/shared/bff/proxy';
import { parseCookieHeader } from '@/shared/auth-session/server/session-cookie';
import { runAction } from './provider-redirect';

/** `{ csrfToken, data }` is a few hundred bytes; a bigger body is not read. */
const maxBodyBytes = 2048;

/** What POST /api/auth/session may carry (R7.11: "with csrfToken and data"). */
const knownFields = new Set(['csrfToken', 'data']);

type Parsed = { csrfToken: string | undefined; data: unknown } | { refused: string };

/** The body as next-auth's clients send it: JSON (`update()`) or form-encoded, `data` then as JSON text. */
function parseBody(contentType: string, text: string): Parsed {
  let fields: Record<string, unknown>;
  if (contentType.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      return { refused: 'The body is not JSON.' };
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { refused: 'The body must be an object.' };
    }
    fields = parsed as Record<string, unknown>;
  } else if (contentType.includes('application/x-www-form-urlencoded') || text === '') {
    const form = new URLSearchParams(text);
    fields = Object.fromEntries(form);
    if ([...form.keys()].length !== Object.keys(fields).length) {
      return { refused: 'A field is given more than once.' };
    }
    if (typeof fields.data === 'string') {
      try {
        fields.data = JSON.parse(fields.data);
      } catch {
        return { refused: 'data is not JSON.' };
      }
    }
  } else {
    return { refused: 'The body must be JSON or form-encoded.' };
  }
  const unknown = Object.keys(fields).filter((name) => !knownFields.has(name));
  if (unknown.length > 0) return { refused: `Unknown field: ${unknown.join(', ')}.` };
  const { csrfToken, data } = fields;
  if (csrfToken !== undefined && typeof csrfToken !== 'string') {
    return { refused: 'csrfToken must be a string.' };
  }
  return { csrfToken, data };
}

/**
 * What `data` may change: nothing the browser could name. The session holds the identity, the provider's
 * tokens and the expiry (decision 0009), none of which a browser may set, so the only update is a
 * refresh (decision 0100): next-auth reads the session again (the activity clock touched, the access
 * token refreshed when due, the name and e-mail read again from the ID token). `data` is absent, null or
 * `{}`; any field in it is refused rather than ignored, so a caller never believes it changed something.
 */
function dataFieldsRefused(data: unknown): string | null {
  if (data === undefined || data === null) return null;
  if (typeof data !== 'object' || Array.isArray(data)) return 'data must be an object.';
  const names = Object.keys(data);
  return names.length > 0 ? `Unknown field in data: ${names.join(', ')}.` : null;
}

/** Cookie values by name, decoded as a server framework hands them to next-auth. */
function requestCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const [name, value] of parseCookieHeader(header)) {
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * POST /api/auth/session (R7.11: "POST session, to update the session, with csrfToken and data"). The
 * portal answers it around next-auth's own `session` action, which does the update and checks the CSRF
 * token (its double-submit cookie), and turns next-auth's loose answers into clear ones:
 * - a cross-site post, or a missing or wrong csrfToken: 403 (next-auth: 400 with `{}`);
 * - a body with an unknown field, or `data` that asks for a change: 400 (next-auth: passed on, ignored);
 * - no live session: 401 in the API's error shape (next-auth: `{}`), the ended session's cookie cleared;
 * - otherwise 200 with the session exactly as GET /api/auth/session answers it, and its renewed cookie.
 */
export async function updateSession(
  request: Request,
  portalUrl: string,
  options: NextAuthOptions,
): Promise<Response> {
  if (!isSameOriginWrite(request, portalUrl)) return crossSiteWriteResponse();
  const raw = await readBody(request, maxBodyBytes);
  if (raw === 'too-large') return apiErrorResponse(413, 'Payload Too Large', 'The request is too large.');
  const parsed = parseBody(
    request.headers.get('content-type') ?? '',
    raw === undefined ? '' : new TextDecoder().decode(raw),
  );
  if ('refused' in parsed) return apiErrorResponse(400, 'Bad Request', parsed.refused);
  const refused = dataFieldsRefused(parsed.data);
  if (refused) return apiErrorResponse(400, 'Bad Request', refused);
  if (!parsed.csrfToken) return csrfRefused();

  const answer = await runAction(
    {
      cookies: requestCookies(request.headers.get('cookie')),
      headers: Object.fromEntries(request.headers),
      method: 'POST',
      query: { nextauth: ['session'] },
      body: { csrfToken: parsed.csrfToken, data: {} },
    },
    options,
  );
  // The body was checked above: next-auth's only refusal left is an unverified CSRF token.
  const response =
    answer.status === 400
      ? csrfRefused()
      : isSession(answer.body)
        ? Response.json(answer.body, { headers: { 'cache-control': 'private, no-store' } })
        : apiErrorResponse(401, 'Unauthorized', 'Sign in first.');
  for (const line of answer.setCookies) response.headers.append('set-cookie', line);
  return response;
}

function csrfRefused(): Response {
  return apiErrorResponse(403, 'Forbidden', 'The CSRF token is missing or wrong.');
}

/** next-auth answers `{}` when there is no session, and the session callback's object when there is. */
function isSession(body: unknown): boolean {
  return body !== null && typeof body === 'object' && 'expires' in body;
}
