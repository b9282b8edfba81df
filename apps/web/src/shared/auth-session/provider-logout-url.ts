import { AUTH_BASE_PATH } from './provider-ids';

/**
 * Asks the server to prepare the provider's logout (RP-initiated logout) before the portal session ends:
 * the answer is the portal's own address that redirects there (the ID token never reaches this script),
 * or null when there is no provider session to end.
 */
export async function fetchProviderLogoutUrl(
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<string | null> {
  try {
    const response = await fetchFn(`${AUTH_BASE_PATH}/end-session`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { url?: unknown };
    return typeof body.url === 'string' ? body.url : null;
  } catch {
    // Without it the portal session still ends; the provider's own session then lasts until it expires.
    return null;
  }
}
