import { getServerConfig } from '@/config/server';

/**
 * GET /api/sign-in-email: 303 to where the person changes the e-mail they sign in with, at their
 * identity provider (decision 0078): the embedded provider's own page, or AUTH_ACCOUNT_EMAIL_URL for an
 * external one; back to "Your details" when none is known. The portal never changes that address itself.
 */
export function GET(): Response {
  const config = getServerConfig();
  const location = config.signInEmailChangeUrl ?? `${config.portalUrl}/client-detail`;
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
