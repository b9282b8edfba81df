'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * The consent cookie's value as the request that rendered the page carried it (read by the root layout).
 * The server renders the cookie banner from it, so the banner is in the page's first HTML rather than
 * arriving after hydration (where it was a late largest paint on a phone and moved nothing else); the
 * hydrating render reads the same value, so the two agree. Undefined: not known (tests, no provider), and
 * the banner waits for the browser's own reading, as before.
 */
const ServerConsentCookieContext = createContext<string | undefined>(undefined);

export function ServerConsentCookieProvider({
  value,
  children,
}: {
  value: string | undefined;
  children: ReactNode;
}) {
  return <ServerConsentCookieContext value={value ?? ''}>{children}</ServerConsentCookieContext>;
}

export function useServerConsentCookie(): string | undefined {
  return useContext(ServerConsentCookieContext);
}
