import { AUTH_BASE_PATH } from '@/shared/auth-session/provider-ids';
import { mayCarrySession } from '@/shared/auth-session/server/session-cookie';

/**
 * Pages whose whole content needs a signed-in person (the page wraps it in RequireAuth) and that read
 * nothing from their address before sign-in. Not /verified and /invite: they keep their link's code in
 * session storage first, and take it out of the address sign-in returns to (link-capture.tsx). A test
 * holds this list to the pages.
 */
export const SIGN_IN_FIRST_PAGES = [
  '/',
  '/appointments',
  '/appointments/book',
  '/appointments/payment/[paymentId]',
  '/bills',
  '/bills/estimates/[estimateId]',
  '/bills/invoices/[invoiceId]',
  '/client-detail',
  '/client-detail/contact-preferences',
  '/client-detail/delete-account',
  '/client-detail/sessions',
  '/client-detail/your-data',
  '/client-routing',
  '/drug-request',
  '/drug-request/new-request',
  '/messages',
  '/messages/[conversationId]',
  '/messages/new',
  '/guest/complete',
  '/pets',
  '/pets/[id]',
  '/pets/[id]/edit',
  '/pets/register',
  '/plans/join',
  '/plans/joined/[membershipId]',
  '/registration',
  '/registration-new',
  '/your-practice',
] as const;

const patterns = SIGN_IN_FIRST_PAGES.map(
  (page) => new RegExp(`^${page.replace(/\[[^\]/]+\]/g, '[^/]+').replace(/\//g, '\\/')}$`),
);

export function needsSignInFirst(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/**
 * Whether the browser is navigating (not the router fetching a page's data, which the page's RequireAuth
 * answers: a fetch cannot follow a redirect to the provider). Next.js takes its own router headers off
 * the request before the proxy sees it, so this reads the browser's Sec-Fetch-Mode; a client that sends
 * none is taken to be navigating.
 */
function isNavigation(headers: Headers): boolean {
  const mode = headers.get('sec-fetch-mode');
  return mode === null || mode === 'navigate';
}

/**
 * Where the proxy sends a page request to start signing in on the server (decision 0049), or null to
 * render the page: a browser's navigation to the sign-up screen, or to one of those pages carrying no
 * cookie that could be a session. A session cookie that has ended on the server still renders the page,
 * whose RequireAuth starts the sign-in as before.
 */
export function serverSignInStart(request: {
  method: string;
  pathname: string;
  search: string;
  headers: Headers;
}): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!isNavigation(request.headers)) return null;
  if (request.pathname === '/signup') {
    // R2.17: the sign-up screen goes straight to the provider's sign-up, signed in or not.
    const practice = new URLSearchParams(request.search).get('practice');
    const query = new URLSearchParams({ screen: 'signup', ...(practice ? { practice } : {}) });
    return `${AUTH_BASE_PATH}/start-sign-in?${query.toString()}`;
  }
  if (!needsSignInFirst(request.pathname) || mayCarrySession(request.headers.get('cookie'))) return null;
  const callbackUrl = `${request.pathname}${request.search}`;
  return `${AUTH_BASE_PATH}/start-sign-in?${new URLSearchParams({ callbackUrl }).toString()}`;
}
