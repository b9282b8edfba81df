import { setTimeout as delay } from 'node:timers/promises';
import type { PriceMap } from '../price-map.ts';
import { readAnswer, refuseRedirect } from '../vendor-answer.ts';
import {
  VendorAnswerUnknown,
  VendorAuthFailed,
  VendorUnavailable,
  type VendorCallObserver,
} from '../vendor-port.ts';
import { RateLine } from './ezyvet-rate-line.ts';
import { RateWindows } from './ezyvet-rate-window.ts';

/** Milliseconds since the epoch, and a wait the tests can make instant. */
export interface EzyvetClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: EzyvetClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

export interface EzyvetConnectionOptions {
  /** https://api.ezyvet.com, or https://api.trial.ezyvet.com for a partner's trial site. */
  baseUrl: string;
  /**
   * Where /ezycab/booking lives when it is not baseUrl: public clients of the reference send it to
   * https://apiv2.ezyvet.com in production (to be confirmed on a trial site, decision 0107).
   */
  bookingBaseUrl?: string;
  /** The integration's credentials, as ezyVet issues them to an API partner. */
  credentials: { partnerId: string; clientId: string; clientSecret: string; scope: string; siteUid?: string };
  /** The portal's practice_ref this ezyVet site is. */
  practiceRef: string;
  /** ezyVet's published limits (decision 0107); lower them for a site that shares its database's quota. */
  limits?: { perEndpoint: number; perDatabase: number };
  /** A 429 whose reset is further off than this becomes VendorUnavailable at once (default 65 s). */
  maxRateWaitMs?: number;
  /** How long one request may take before it counts as unanswered (default 30 s). */
  requestTimeoutMs?: number;
  /** Records a page (ezyVet's limit, at most 200). */
  pageSize?: number;
  /** How many days of planning guides (availability windows) to read ahead (default 56). */
  rotaDays?: number;
  /** The most of one answer read (vendor-answer.ts): more fails the call. Default 8 MiB. */
  maxAnswerBytes?: number;
  /** The products that price the practice's list, by band (decision 0147); none: prices are not read. */
  priceMap?: PriceMap;
}

export interface EzyvetDeps {
  fetch?: typeof fetch;
  clock?: EzyvetClock;
  observer?: VendorCallObserver;
}

export interface EzyvetAnswer {
  status: number;
  body: unknown;
}

type Query = Record<string, string | number | boolean | object | undefined>;

/** The endpoint an URL counts against: its path with ids as {id} (never a query, so never personal data). */
export const endpointOf = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/{id}');

/**
 * ezyVet's HTTP as the connection speaks it: a client-credentials token kept until shortly before it
 * expires (tokens live 12 hours, https://developers.ezyvet.com/), one fresh token after a 401, the
 * published rate limits kept on our side and the vendor's rate headers honoured, a 429 waited out up to
 * a short bound, and a failure to answer (5xx, network, timeout) as VendorUnavailable. Messages name
 * endpoints and statuses only, never a record's content.
 */
export class EzyvetHttp {
  private readonly fetch: typeof fetch;
  private readonly clock: EzyvetClock;
  private readonly windows: RateWindows;
  private readonly line: RateLine;
  private token: { value: string; refreshAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(
    readonly options: EzyvetConnectionOptions,
    private readonly deps: EzyvetDeps = {},
  ) {
    this.fetch = deps.fetch ?? globalThis.fetch;
    this.clock = deps.clock ?? systemClock;
    this.windows = new RateWindows(options.limits ?? { perEndpoint: 60, perDatabase: 180 });
    this.line = new RateLine(this.windows, this.clock);
  }

  now(): number {
    return this.clock.now();
  }

  /** A read of `path` has this many pages to go: the rate line serves the longest first. */
  backlog(path: string, pages: number): void {
    this.windows.backlog(endpointOf(path), pages);
  }

  /** A GET that must succeed: anything but 2xx is an error (a 4xx here is our bug, not the data's). */
  async get(path: string, query: Query, signal?: AbortSignal): Promise<unknown> {
    const answer = await this.request('GET', path, query, undefined, signal);
    if (answer.status >= 300) throw new Error(`ezyVet answered ${answer.status} to GET ${endpointOf(path)}`);
    return answer.body;
  }

  /** Any request; a 4xx other than 401 and 429 comes back for the caller to judge. */
  async request(
    method: string,
    path: string,
    query: Query,
    body: unknown,
    signal?: AbortSignal,
  ): Promise<EzyvetAnswer> {
    const base = path.startsWith('/ezycab/')
      ? (this.options.bookingBaseUrl ?? this.options.baseUrl)
      : this.options.baseUrl;
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined)
        url.searchParams.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    let refreshed = false;
    let rateWaits = 0;
    for (;;) {
      const token = await this.bearer(signal);
      const answer = await this.send(method, url, body, `Bearer ${token}`, signal);
      if (answer.status === 401 && !refreshed) {
        // One fresh token: the old one was revoked or expired early. A second 401 is the credentials.
        this.token = null;
        refreshed = true;
        continue;
      }
      if (answer.status === 401)
        throw new VendorAuthFailed(`ezyVet refused a fresh token on ${method} ${endpointOf(path)}`);
      if (answer.status === 429) {
        rateWaits += 1;
        const waitMs = answer.resetMs ?? 60_000;
        if (waitMs > (this.options.maxRateWaitMs ?? 65_000) || rateWaits > 3) {
          throw new VendorUnavailable(`ezyVet rate limit on ${method} ${endpointOf(path)}`, waitMs);
        }
        // Through the line (ezyvet-rate-line.ts): kinds read at once never sleep their resets one by one.
        this.windows.block(endpointOf(url.pathname), this.clock.now() + waitMs);
        continue;
      }
      // The layer backs off and retries: with the vendor's Retry-After when a 503 gives one.
      if (answer.status >= 500) {
        const message = `ezyVet answered ${answer.status} to ${method} ${endpointOf(path)}`;
        throw new VendorUnavailable(message, answer.resetMs);
      }
      return answer;
    }
  }

  private async bearer(signal?: AbortSignal): Promise<string> {
    if (this.token && this.clock.now() < this.token.refreshAt) return this.token.value;
    // Kinds read at once (ezyvet-read-ahead.ts) share one token request.
    this.tokenRequest ??= this.requestToken(signal).finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(signal?: AbortSignal): Promise<string> {
    const { partnerId, clientId, clientSecret, scope, siteUid } = this.options.credentials;
    const body = {
      partner_id: partnerId,
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'client_credentials',
      scope,
      ...(siteUid !== undefined && { site_uid: siteUid }),
    };
    const url = new URL('/v1/oauth/access_token', this.options.baseUrl);
    for (let rateWaits = 0; ; rateWaits += 1) {
      const answer = await this.send('POST', url, body, undefined, signal);
      if (
        answer.status === 429 &&
        rateWaits < 3 &&
        (answer.resetMs ?? 60_000) <= (this.options.maxRateWaitMs ?? 65_000)
      ) {
        await this.clock.sleep(answer.resetMs ?? 60_000, signal);
        continue;
      }
      if (answer.status === 429)
        throw new VendorUnavailable('ezyVet rate limit on the token endpoint', answer.resetMs);
      if (answer.status >= 500)
        throw new VendorUnavailable(`ezyVet answered ${answer.status} to the token request`, answer.resetMs);
      if (answer.status !== 200)
        throw new VendorAuthFailed(`ezyVet refused the client credentials (${answer.status})`);
      const { access_token: value, expires_in: expiresIn } = answer.body as {
        access_token?: unknown;
        expires_in?: unknown;
      };
      if (typeof value !== 'string')
        throw new VendorUnavailable('ezyVet answered a token request without a token');
      const now = this.clock.now();
      // expires_in is documented as the 12-hour TTL "in epoch format": read a value past 2001 as an instant.
      const seconds = typeof expiresIn === 'number' ? expiresIn : 12 * 3600;
      const expiresAt = seconds > 1e9 ? seconds * 1000 : now + seconds * 1000;
      const margin = Math.min(5 * 60_000, (expiresAt - now) / 10);
      this.token = { value, refreshAt: expiresAt - margin };
      return value;
    }
  }

  /** One exchange, rate-limited on our side; its rate headers noted; no answer becomes VendorUnavailable. */
  private async send(
    method: string,
    url: URL,
    body: unknown,
    authorization: string | undefined,
    signal?: AbortSignal,
  ): Promise<EzyvetAnswer & { resetMs?: number }> {
    const endpoint = endpointOf(url.pathname);
    const name = `${method} ${endpoint}`;
    const answered = await this.line.take(
      endpoint,
      this.options.maxRateWaitMs ?? 65_000,
      (wait) => new VendorUnavailable(`ezyVet rate limit on ${name}`, wait),
      signal,
    );
    const started = this.clock.now();
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000);
    let response: Response;
    let text: string;
    try {
      const exchangeSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      [response, text] = await this.line.sending(() =>
        this.exchange(method, url, body, authorization, exchangeSignal, name),
      );
    } catch (error) {
      // An answer refused for its size or a redirect (vendor-answer.ts) says so, not "did not answer".
      if (error instanceof VendorAnswerUnknown) {
        answered(this.clock.now());
        throw error;
      }
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      this.deps.observer?.call(name, timedOut ? 'timeout' : 'network', this.clock.now() - started);
      throw new VendorUnavailable(`ezyVet did not answer ${name} (${timedOut ? 'timeout' : 'network'})`);
    }
    answered(this.clock.now());
    this.deps.observer?.call(name, response.status, this.clock.now() - started);
    const resetMs = resetOf(response.headers, this.clock.now());
    if (response.headers.get('x-ratelimit-remaining') === '0' && resetMs !== undefined) {
      this.windows.block(endpoint, this.clock.now() + resetMs);
    }
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      if (response.ok) throw new VendorUnavailable(`ezyVet answered ${name} with a body that is not JSON`);
    }
    return { status: response.status, body: parsed, resetMs };
  }

  private async exchange(
    method: string,
    url: URL,
    body: unknown,
    authorization: string | undefined,
    signal: AbortSignal,
    name: string,
  ): Promise<[Response, string]> {
    const response = await this.fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && {
          'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
        }),
        ...(authorization !== undefined && { authorization }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      // Refused, never followed (decision 0140): a 3xx fails naming its status, not as "no answer".
      redirect: 'manual',
    });
    await refuseRedirect(response, `ezyVet (${name})`);
    return [response, await readAnswer(response, `ezyVet (${name})`, this.options.maxAnswerBytes)];
  }
}

/**
 * When the vendor says to come back: Retry-After (seconds), else x-ratelimit-reset. The documentation we
 * read does not say whether the reset is seconds from now or an epoch second: a value past 2001 is read
 * as the instant, anything smaller as seconds from now.
 */
function resetOf(headers: Headers, now: number): number | undefined {
  const raw = headers.get('retry-after') ?? headers.get('x-ratelimit-reset');
  const value = raw === null ? Number.NaN : Number(raw);
  if (!Number.isFinite(value) || value < 0) return undefined;
  return value > 1e9 ? Math.max(0, value * 1000 - now) : value * 1000;
}
