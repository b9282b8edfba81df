import { practiceSystemScope } from '@vet/contracts/machine-access';
import { createClient, createConfig, type Client } from './generated/client/index.ts';

/**
 * A practice system's client of the integration API (decision 0114): the generated operations
 * (`./generated/sdk.gen.ts`) called with a client that fetches its own OAuth 2.0 client-credentials token
 * and asks for a new one before the old one ends.
 */

export interface IntegrationClientOptions {
  /** The portal's API, e.g. http://localhost:4000 under `npm start` (the contract's `api_url`). */
  apiUrl: string;
  /** The identity provider's token endpoint, e.g. http://localhost:4100/oauth/token under `npm start`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The scope that opens the integration API; `practice-system` unless the deployment names another. */
  scope?: string;
  /** Another fetch (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

/** A token is renewed this long before it ends, so a request never carries one that ends on its way. */
const renewBeforeMs = 30_000;

export class TokenRequestError extends Error {
  constructor(readonly status: number) {
    super(`The token endpoint answered ${status}: check the client id, secret and scope.`);
    this.name = 'TokenRequestError';
  }
}

/** Client-credentials tokens (RFC 6749 §4.4), one at a time, kept until shortly before they end. */
export function clientCredentials(options: IntegrationClientOptions): () => Promise<string> {
  const send = options.fetch ?? fetch;
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const request = async () => {
    const basic = Buffer.from(
      `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
    ).toString('base64');
    const answer = await send(options.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: options.scope ?? practiceSystemScope,
      }),
    });
    if (!answer.ok) throw new TokenRequestError(answer.status);
    const { access_token: token, expires_in: lifetime } = (await answer.json()) as TokenAnswer;
    current = { token, renewAt: Date.now() + lifetime * 1000 - renewBeforeMs };
    return token;
  };
  return async () => {
    if (current && Date.now() < current.renewAt) return current.token;
    // Calls made together share one token request.
    pending ??= request().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/**
 * The client to pass to every generated operation: `putClient({ client, path, body })`. Each operation
 * answers `{ data, error, response }`; `throwOnError: true` throws the error body instead.
 */
export function createIntegrationClient(options: IntegrationClientOptions): Client {
  const token = clientCredentials(options);
  return createClient(
    createConfig({
      baseUrl: options.apiUrl,
      auth: () => token(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
}
