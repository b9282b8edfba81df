import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '@vet/db/connection';
import { findAccountById } from './accounts.ts';
import { createAdapterFactory } from './adapter.ts';
import type { IdpConfig } from './config.ts';
import type { IdpKeys } from './keys.ts';
import { API_SCOPE, MACHINE_SCOPE, SUPPORTED_SCOPES } from './scopes.ts';
import type { Page } from './views/layout.ts';
import { errorPage, signedOutPage, signingOutPage } from './views/message-pages.ts';
import { idpLog } from './logging.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type ProviderConfig = Pick<
  IdpConfig,
  | 'issuer'
  | 'portalUrl'
  | 'apiAudience'
  | 'clientId'
  | 'clientSecret'
  | 'machineClient'
  | 'brandName'
  | 'accessTokenTtl'
  | 'trustedProxyHops'
>;

/** The sign-in layer's callback paths for both provider ids (architecture: both point here by default). */
export function portalRedirectUris(portalUrl: string): string[] {
  return [`${portalUrl}/api/auth/callback/azure-ad`, `${portalUrl}/api/auth/callback/auth0`];
}

function render(ctx: KoaContextWithOIDC, page: Page): void {
  ctx.status = page.status;
  ctx.set(page.headers);
  ctx.body = page.html;
}

/**
 * Whether the logout request carries an ID token that our portal holds for this very session's account:
 * end_session has already checked its signature, issuer and audience. Only then is the "Sign out" button
 * pressed for the person. A `client_id` alone proves nothing (any site can write it into a link), and an
 * ID token never reaches a browser (the portal keeps it on the server), so another site cannot end the
 * session without the person pressing the button; the button's form carries a secret bound to the session
 * (oidc-provider's xsrf), which a cross-site POST cannot know.
 */
export function hintedByPortal(ctx: KoaContextWithOIDC, clientId: string): boolean {
  const hint = ctx.oidc.entities.IdTokenHint?.payload;
  const accountId = ctx.oidc.session?.accountId;
  return Boolean(hint && accountId) && hint?.aud === clientId && hint.sub === accountId;
}

/**
 * The practice system's client: the client-credentials grant only (no redirect, so no sign-in page and no
 * person's token), and only the machine scope.
 */
function machineClients({ machineClient }: ProviderConfig): ClientMetadata[] {
  if (!machineClient) return [];
  return [
    {
      client_id: machineClient.clientId,
      client_secret: machineClient.clientSecret,
      client_name: 'Practice system',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: MACHINE_SCOPE,
    },
  ];
}

function isMachineClient({ machineClient }: ProviderConfig, clientId: string): boolean {
  return machineClient !== undefined && machineClient.clientId === clientId;
}

/** The sign-in time (seconds) of the code or refresh token this token request spends. */
function authTimeOf(ctx: KoaContextWithOIDC): number | undefined {
  const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
  const authTime = code?.authTime ?? refresh?.authTime;
  return typeof authTime === 'number' ? authTime : undefined;
}

export function createProvider(config: ProviderConfig, db: Database, keys: IdpKeys): Provider {
  const brand = { brandName: config.brandName, portalUrl: config.portalUrl };
  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        client_name: config.brandName,
        redirect_uris: portalRedirectUris(config.portalUrl),
        post_logout_redirect_uris: [`${config.portalUrl}/`, config.portalUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        // The scopes it may ask for: never the machine scope.
        scope: API_SCOPE,
      },
      ...machineClients(config),
    ],
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({ sub: account.id, email: account.email, email_verified: account.emailVerified }),
      };
    },
    // The API registers a new client with the identity's e-mail (R4.19), and only one the provider has
    // verified, so its access tokens carry the account's current address and whether it is verified, as
    // the ID token does, when the portal was granted the email scope.
    // And `auth_time` (decision 0079): when the person last signed in, signed by us, so the API itself
    // can refuse an export or a deletion without a recent sign-in. A refresh keeps the sign-in's time.
    async extraTokenClaims(ctx, token) {
      if (!('accountId' in token)) return undefined;
      const authTime = authTimeOf(ctx);
      const claims: Record<string, unknown> = authTime === undefined ? {} : { auth_time: authTime };
      if (token.scopes.has('email')) {
        const account = await findAccountById(db, token.accountId);
        if (account) Object.assign(claims, { email: account.email, email_verified: account.emailVerified });
      }
      return Object.keys(claims).length > 0 ? claims : undefined;
    },
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    scopes: [...SUPPORTED_SCOPES, MACHINE_SCOPE],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: [] },
    extraParams: ['screen_hint'],
    pkce: { required: () => true },
    routes: { token: '/oauth/token' },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    // The portal gets a refresh token even though its prompt=login drops offline_access (OIDC Core 11);
    // without offline_access the token ends with the session (14 days, or signing out).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      // The practice system's way in (decision 0062): only the machine client has this grant.
      clientCredentials: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.apiAudience,
        // No resource at the token endpoint means the API: access tokens are always JWTs for it.
        useGrantedResource: () => true,
        // A token carries only the scopes of its kind of caller, whatever was asked for.
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: isMachineClient(config, client.clientId) ? MACHINE_SCOPE : API_SCOPE,
          audience: config.apiAudience,
          accessTokenTTL: config.accessTokenTtl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) =>
          render(ctx, signingOutPage({ ...brand, form, autoSubmit: hintedByPortal(ctx, config.clientId) })),
        postLogoutSuccessSource: (ctx) => render(ctx, signedOutPage(brand)),
      },
    },
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      RefreshToken: 14 * DAY,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    renderError: (ctx, out) => {
      render(
        ctx,
        errorPage({ ...brand, status: ctx.status, code: out.error, description: out.error_description }),
      );
    },
  };
  const provider = new Provider(config.issuer, configuration);
  // Behind a TLS-terminating proxy (an https issuer, or IDP_TRUSTED_PROXY_HOPS): believe its
  // X-Forwarded-Proto, so that requests count as secure and cookies get the Secure attribute, and take
  // the client's address from the N-th X-Forwarded-For entry from the right, as the interactions do.
  provider.proxy = config.trustedProxyHops > 0;
  provider.maxIpsCount = config.trustedProxyHops;
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
    idpLog.error(`server error: ${error.name}`);
  });
  return provider;
}
