import { browserApiBasePath } from '@/config/bff-base-path';

/**
 * The browser's one API client. It talks JSON to this app's same-origin proxy (`/bff`), which attaches
 * the signed-in user's token server side; the browser never holds a token. A 2xx body is typed with the
 * contract's response type (`@vet/contracts`), not parsed again: the API's serializer already sent it
 * through that response schema, and keeping zod out of the browser's bundle is worth more than checking
 * twice (decision 0032). A caller that must adapt a body (an older spelling) passes `read`.
 */

/** R8.1: the status text an API error carries. */
export function statusTextFor(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 500:
      return 'Internal Server Error';
    case 502:
      return 'Bad Gateway';
    case 503:
      return 'Service Unavailable';
    default:
      return 'Generic Error';
  }
}

/** A non-2xx answer: url, status, the status text of R8.1, and the parsed body (JSON when it is JSON). */
export class ApiError extends Error {
  readonly statusText: string;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    const statusText = statusTextFor(status);
    super(`${status} ${statusText}: ${url}`);
    this.name = 'ApiError';
    this.statusText = statusText;
  }
}

export type ResponseIssue = { path: readonly PropertyKey[]; message: string };

/** A 2xx answer whose body is not JSON (or that `read` refuses). Retrying will not help. */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly issues: readonly ResponseIssue[],
  ) {
    super(`Unexpected response from ${url} (${status}): ${issues.map((i) => i.message).join('; ')}`);
    this.name = 'UnexpectedResponseError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions<T = unknown> = {
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Adapts a 2xx body (undefined for a 204) to T; without it the body is the contract's type T as sent. */
  read?: (body: unknown) => T;
};

/** T is the contract's response type (`z.infer` of its response schema): `api.get<Pet[]>('/v2/pets')`. */
export type ApiClient = {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  put<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions<T>): Promise<T>;
};

type StorageReader = Pick<Storage, 'getItem'>;

export type ApiClientOptions = {
  /** From /api/config's apiUrl; `/bff` unless told otherwise. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where the noCache / refreshCache flags live (R3.15); sessionStorage in the browser. */
  getStorage?: () => StorageReader | undefined;
  /** Told of each 401: the proxy had no valid access token to send (the browser logs it, R8.2). */
  onUnauthorized?: () => void;
};

function browserSessionStorage(): StorageReader | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Reading sessionStorage throws when storage is blocked (e.g. some privacy modes).
    return undefined;
  }
}

function isFlagSet(storage: StorageReader | undefined, key: string): boolean {
  try {
    const value = storage?.getItem(key);
    return Boolean(value) && value !== 'false' && value !== '0';
  } catch {
    return false;
  }
}

/** R7.2: X-NoCache and X-RefreshCache follow the session-storage flags noCache and refreshCache. */
export function cacheControlHeaders(storage: StorageReader | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (isFlagSet(storage, 'noCache')) headers['X-NoCache'] = 'true';
  if (isFlagSet(storage, 'refreshCache')) headers['X-RefreshCache'] = 'true';
  return headers;
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const base = baseUrl.replace(/\/+$/, '');
  const relative = path.startsWith('/') ? path : `/${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const queryString = search.toString();
  return `${base}${relative}${queryString ? `?${queryString}` : ''}`;
}

/** The body as JSON when it parses, else as text; undefined when empty. */
async function readBody(response: Response): Promise<{ value: unknown; isJson: boolean }> {
  const text = await response.text();
  if (text === '') return { value: undefined, isJson: true };
  try {
    return { value: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { value: text, isJson: false };
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? browserApiBasePath;
  const getStorage = options.getStorage ?? browserSessionStorage;

  async function request<T>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions<T> = {},
  ): Promise<T> {
    const fetchFn = options.fetch ?? globalThis.fetch;
    const url = buildUrl(baseUrl, path, requestOptions.query);
    const hasBody = requestOptions.body !== undefined;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...cacheControlHeaders(getStorage()),
      ...requestOptions.headers,
    };

    const response = await fetchFn(url, {
      method,
      headers,
      body: hasBody ? JSON.stringify(requestOptions.body) : undefined,
      signal: requestOptions.signal,
    });

    if (!response.ok) {
      if (response.status === 401) options.onUnauthorized?.();
      const { value } = await readBody(response);
      throw new ApiError(url, response.status, value);
    }

    // 204 No Content has no body: the value is undefined, which the caller's schema must allow.
    const { value, isJson } =
      response.status === 204 ? { value: undefined, isJson: true } : await readBody(response);
    if (!isJson) {
      throw new UnexpectedResponseError(url, response.status, [
        { path: [], message: 'The response is not JSON' },
      ]);
    }
    return requestOptions.read ? requestOptions.read(value) : (value as T);
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, o) => request('POST', path, o),
    put: (path, o) => request('PUT', path, o),
    patch: (path, o) => request('PATCH', path, o),
    delete: (path, o) => request('DELETE', path, o),
  };
}
