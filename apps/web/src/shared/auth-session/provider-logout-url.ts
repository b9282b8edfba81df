import { AUTH_BASE_PATH } from './provider-ids';

/** Asks the server for the provider's logout address (RP-initiated logout), or null when it has none. */
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
