import NextAuth, { type NextAuthOptions } from 'next-auth';
import type { SignInRequest } from '@/features/auth/sign-in-requests';

/**
 * Starts a sign-in on the server (decision 0049): what the browser's `signIn` does in three round trips
 * after a page has loaded (the provider list, a CSRF token, the POST to next-auth's sign-in), done
 * in-process through next-auth's own handler, so a visitor with no session goes from the page they
 * asked for to the provider in two redirects, without loading the page's JavaScript.
 */

/** What a browser's request brings that next-auth reads: its cookies and headers (host, forwarding). */
export interface IncomingRequest {
  cookies: Record<string, string>;
  headers: Record<string, string>;
}

export interface ActionRequest extends IncomingRequest {
  method: 'GET' | 'POST';
  query: Record<string, string | string[]>;
  body?: Record<string, unknown>;
}

export interface ActionAnswer {
  status: number;
  body: unknown;
  setCookies: string[];
}

/**
 * One of next-auth's actions, run through its API-route signature with plain request and response
 * objects: the form its own `getServerSession(req, res, options)` takes. (Its route-handler form reads
 * the cookies of the request being served, so the second step could not see the first step's CSRF
 * cookie.) Also the session update's (session-update.ts), which needs the answer's status.
 */
export async function runAction(request: ActionRequest, options: NextAuthOptions): Promise<ActionAnswer> {
  let body: unknown;
  let status = 200;
  const headers = new Map<string, string | string[]>();
  const response = {
    status: (code: number) => {
      status = code;
      return response;
    },
    setHeader: (name: string, value: string | string[]) => {
      headers.set(name.toLowerCase(), value);
      return response;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    json: (value: unknown) => {
      body = value;
    },
    send: (value: unknown) => {
      body = value;
    },
    end: () => undefined,
  };
  // NextAuth fills in `secret` on the options it is given: hand it a copy.
  await (NextAuth as unknown as (req: unknown, res: unknown, options: NextAuthOptions) => Promise<void>)(
    request,
    response,
    { ...options },
  );
  const cookies = headers.get('set-cookie') ?? [];
  return { status, body, setCookies: Array.isArray(cookies) ? cookies : [cookies] };
}

/** The name and value of each `Set-Cookie` header line, decoded as a server reads a Cookie header. */
export function cookiesSet(setCookies: readonly string[]): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of setCookies) {
    const pair = line.split(';', 1)[0]!;
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      cookies[pair.slice(0, separator).trim()] = decodeURIComponent(value);
    } catch {
      cookies[pair.slice(0, separator).trim()] = value;
    }
  }
  return cookies;
}

/** One line per cookie: the CSRF step sets a default return address that the sign-in step replaces. */
function lastOfEachName(setCookies: readonly string[]): string[] {
  const byName = new Map<string, string>();
  for (const line of setCookies) {
    const name = line.slice(0, line.indexOf('='));
    byName.delete(name);
    byName.set(name, line);
  }
  return [...byName.values()];
}

/**
 * The provider's address for this sign-in and the cookies next-auth sets for it (CSRF, state, PKCE,
 * nonce, callback address), or null when next-auth gave no address.
 */
export async function providerRedirect(
  signIn: SignInRequest,
  incoming: IncomingRequest,
  options: NextAuthOptions,
): Promise<{ location: string; setCookies: string[] } | null> {
  const csrf = await runAction({ ...incoming, method: 'GET', query: { nextauth: ['csrf'] } }, options);
  const csrfToken = (csrf.body as { csrfToken?: unknown } | undefined)?.csrfToken;
  if (typeof csrfToken !== 'string') return null;
  const started = await runAction(
    {
      cookies: { ...incoming.cookies, ...cookiesSet(csrf.setCookies) },
      headers: incoming.headers,
      method: 'POST',
      query: { nextauth: ['signin', signIn.providerId], ...signIn.authorizationParams },
      body: { csrfToken, callbackUrl: signIn.callbackUrl, json: 'true' },
    },
    options,
  );
  const location = (started.body as { url?: unknown } | undefined)?.url;
  if (typeof location !== 'string') return null;
  return { location, setCookies: lastOfEachName([...csrf.setCookies, ...started.setCookies]) };
}
