import { readAnswer, refuseRedirect } from '../vendor-answer.ts';
import { type VendorCallObserver, VendorAuthFailed, VendorUnavailable } from '../vendor-port.ts';
import { type ConnectionClock, RollingWindow } from './rolling-window.ts';

/** How the connection reaches one Provet Cloud installation and keeps within its rules. */
export interface ProvetHttpOptions {
  /** The installation's domain as the browser shows it: `https://provetcloud.com`, `https://us.provetcloud.com`. */
  origin: string;
  /** The installation's id in its URLs: `https://provetcloud.com/<provet_id>/api/0.1/`. */
  provetId: string;
  clientId: string;
  clientSecret: string;
  /**
   * Requests a minute the connection allows itself per endpoint. Provet Cloud publishes each endpoint's
   * limit in its REST API schema (https://developers.provetcloud.com/restapi/ratelimit.html): set it to
   * the lowest of the endpoints used. Default 60.
   */
  rateLimitPerMinute?: number;
  /**
   * The installation's default page size, as its REST API schema shows it: a request naming a page_size
   * counts page_size / this against the endpoint's limit, rounded up (ratelimit.html). Needed only with a
   * custom page size: a request without page_size is one request.
   */
  vendorDefaultPageSize?: number;
  /** The longest a call waits in place for a rate limit or a Retry-After; beyond it, VendorUnavailable. */
  maxWaitMs?: number;
  requestTimeoutMs?: number;
  /** The most of one answer read (vendor-answer.ts): more fails the call. Default 8 MiB. */
  maxAnswerBytes?: number;
}

export interface ProvetHttpDeps {
  fetch: typeof fetch;
  clock: ConnectionClock;
  observer?: VendorCallObserver;
}

export interface ProvetResponse {
  status: number;
  json: unknown;
}

interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The endpoint's collection (`client`), for the limits and the metrics. */
  collection: string;
  /** The full URL (a page's `next`), or a path under the API: `client/`, `appointment/12/`. */
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** A token is refreshed this long before it expires ("Access token's time-to-live: 10 hours"). */
const refreshMarginMs = 5 * 60_000;
const getRetries = [1_000, 4_000];

export class ProvetHttp {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly windows = new Map<string, RollingWindow>();
  private readonly blockedUntil = new Map<string, number>();
  readonly apiBase: string;
  private readonly tokenUrl: string;

  constructor(
    private readonly options: ProvetHttpOptions,
    private readonly deps: ProvetHttpDeps,
  ) {
    const root = `${options.origin.replace(/\/$/, '')}/${options.provetId}`;
    this.apiBase = `${root}/api/0.1/`;
    // The token endpoint under the installation's URL (authentication_oauth2.html's examples use
    // https://provetcloud.com/54321/ for every OAuth request).
    this.tokenUrl = `${root}/oauth2/token/`;
  }

  recordUrl(collection: string, id: string | number): string {
    return `${this.apiBase}${collection}/${id}/`;
  }

  private get maxWaitMs() {
    // A window's length and our margin (rolling-window.ts): one full wait is still waited in place.
    return this.options.maxWaitMs ?? 61_000;
  }

  /** Waits (on the clock) until the endpoint may be called, or says when to come back. */
  private async waitTurn(collection: string, cost: number, signal?: AbortSignal): Promise<void> {
    let window = this.windows.get(collection);
    if (!window) {
      window = new RollingWindow(this.options.rateLimitPerMinute ?? 60, 60_000, 1_000);
      this.windows.set(collection, window);
    }
    const now = this.deps.clock.now();
    const wait = Math.max(window.waitFor(now, cost), (this.blockedUntil.get(collection) ?? 0) - now);
    if (wait > this.maxWaitMs) {
      throw new VendorUnavailable(`Provet Cloud's ${collection}/ limit is reached for now.`, wait);
    }
    if (wait > 0) await this.pause(wait, signal);
    window.take(this.deps.clock.now(), cost);
  }

  /** A wait the caller may cut short: then the system counts as not answering in time. */
  private async pause(ms: number, signal?: AbortSignal): Promise<void> {
    try {
      await this.deps.clock.sleep(ms, signal);
    } catch {
      throw new VendorUnavailable('The call was given up while waiting for Provet Cloud.');
    }
  }

  /** The token in hand, or one fresh token however many calls ask for it at once. */
  private accessToken(signal?: AbortSignal): Promise<string> {
    const now = this.deps.clock.now();
    if (this.token && now < this.token.expiresAt - refreshMarginMs) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken(signal).finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(signal?: AbortSignal): Promise<string> {
    const basic = Buffer.from(
      `${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`,
    ).toString('base64');
    const started = this.deps.clock.now();
    let response: Response;
    try {
      response = await this.deps.fetch(this.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'restapi' }).toString(),
        signal: this.signalFor(signal),
        redirect: 'manual',
      });
    } catch (error) {
      this.deps.observer?.call('POST oauth2/token/', timedOut(error), this.deps.clock.now() - started);
      throw new VendorUnavailable('Provet Cloud could not be reached for a token.');
    }
    this.deps.observer?.call('POST oauth2/token/', response.status, this.deps.clock.now() - started);
    await refuseRedirect(response, 'Provet Cloud’s token endpoint');
    if (response.status === 400 || response.status === 401) {
      throw new VendorAuthFailed('Provet Cloud refused the integration’s client credentials.');
    }
    if (!response.ok) throw new VendorUnavailable(`Provet Cloud answered ${response.status} for a token.`);
    const text = await readAnswer(response, 'Provet Cloud’s token endpoint', this.options.maxAnswerBytes);
    const body = (jsonOr(text) ?? {}) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new VendorUnavailable('Provet Cloud answered a token without one.');
    this.token = {
      value: body.access_token,
      expiresAt: this.deps.clock.now() + (body.expires_in ?? 3600) * 1000,
    };
    return this.token.value;
  }

  private signalFor(signal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs ?? 30_000);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }

  async request(spec: RequestSpec): Promise<ProvetResponse> {
    const url = new URL(spec.url, this.apiBase);
    for (const [key, value] of Object.entries(spec.query ?? {})) url.searchParams.set(key, value);
    const endpoint = `${spec.method} ${spec.collection}/`;
    // "if an endpoint returns 50 results per page by default, requesting 500 results per page will count
    // as 10 requests" (https://developers.provetcloud.com/restapi/ratelimit.html). Without page_size (a
    // page's `next` carries the one we sent), a request is one.
    const pageSize = url.searchParams.get('page_size');
    const cost =
      pageSize === null
        ? 1
        : Math.max(1, Math.ceil(Number(pageSize) / (this.options.vendorDefaultPageSize ?? 1)));
    let freshToken = false;
    let serverErrors = 0;
    for (;;) {
      await this.waitTurn(spec.collection, cost, spec.signal);
      const token = await this.accessToken(spec.signal);
      const started = this.deps.clock.now();
      let response: Response;
      try {
        response = await this.deps.fetch(url, {
          method: spec.method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal: this.signalFor(spec.signal),
          redirect: 'manual',
        });
      } catch (error) {
        this.deps.observer?.call(endpoint, timedOut(error), this.deps.clock.now() - started);
        throw new VendorUnavailable(`Provet Cloud did not answer ${endpoint} (${timedOut(error)}).`);
      }
      this.deps.observer?.call(endpoint, response.status, this.deps.clock.now() - started);
      await refuseRedirect(response, `Provet Cloud (${endpoint})`);
      if (response.status === 401) {
        await response.body?.cancel();
        if (freshToken) throw new VendorAuthFailed(`Provet Cloud refused a fresh token for ${endpoint}.`);
        this.token = null; // revoked or expired early: one fresh token, then give up
        freshToken = true;
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        // "a Retry-After header is included in the response with a recommended amount of seconds to wait"
        const seconds = Number(response.headers.get('retry-after'));
        const waitMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
        this.blockedUntil.set(spec.collection, this.deps.clock.now() + waitMs);
        if (waitMs > this.maxWaitMs) {
          throw new VendorUnavailable(`Provet Cloud throttled ${endpoint}.`, waitMs);
        }
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        const backoff = getRetries[serverErrors];
        serverErrors += 1;
        // Only reads are repeated here: a write is looked up before it is repeated (provet-write.ts).
        if (spec.method !== 'GET' || backoff === undefined) {
          throw new VendorUnavailable(`Provet Cloud answered ${response.status} for ${endpoint}.`);
        }
        await this.pause(backoff, spec.signal);
        continue;
      }
      const text = await readAnswer(response, `Provet Cloud (${endpoint})`, this.options.maxAnswerBytes);
      try {
        return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        throw new VendorUnavailable(`Provet Cloud answered ${endpoint} with a body that is not JSON.`);
      }
    }
  }
}

function jsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function timedOut(error: unknown): 'timeout' | 'network' {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    ? 'timeout'
    : 'network';
}

/** `YYYY-MM-DD hh:mm+00:00`, the filter's documented form (filtering.html), floored to the minute. */
export const filterTime = (ms: number) =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}+00:00`;

/** 403: the integration's virtual user lacks a permission (authentication_oauth2.html): the operator acts. */
export function unexpected(status: number, endpoint: string): Error {
  return status === 403
    ? new VendorAuthFailed(`Provet Cloud's integration user may not call ${endpoint}.`)
    : new VendorUnavailable(`Provet Cloud answered ${status} for ${endpoint}.`);
}
