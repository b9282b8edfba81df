/** next-auth's endpoints (`/api/auth/*`) as the browser calls them: JSON, its CSRF token, its forms. */
import { AUTH_BASE_PATH } from './provider-ids';

/** A next-auth endpoint's answer other than 2xx: its status is what the log reports (failureDetail). */
export class AuthResponseError extends Error {
  override name = 'AuthResponseError';
  constructor(
    path: string,
    readonly status: number,
  ) {
    super(`${path}: ${status}`);
  }
}

/** A next-auth endpoint's JSON; throws when it cannot be fetched or answers an error. */
export async function authJson<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${AUTH_BASE_PATH}/${path}`, init);
  if (!response.ok) throw new AuthResponseError(path, response.status);
  return (await response.json()) as T;
}

/** The CSRF token next-auth's POST endpoints ask for. */
export async function csrfToken(): Promise<string> {
  const { csrfToken: token } = await authJson<{ csrfToken?: string }>('csrf');
  if (!token) throw new Error('csrf: no token');
  return token;
}

/** A form posted as next-auth's own client posts it, asking for JSON (`{ url }`) back. */
export function postForm(path: string, fields: Record<string, string>): Promise<{ url?: string }> {
  return authJson<{ url?: string }>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, json: 'true' }),
  });
}
