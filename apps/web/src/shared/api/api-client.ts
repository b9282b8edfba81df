import type { z } from 'zod';
import { browserApiBasePath } from '@/config/bff-base-path';

/**
 * The browser's one API client. It talks JSON to this app's same-origin proxy (`/bff`), which attaches
 * the signed-in user's token server side; the browser never holds a token. Every response is parsed
 * with the zod schema the caller passes, so a shape the contracts do not describe never reaches a screen.
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

/** A 2xx answer whose body does not match the expected shape (or is not JSON). Retrying will not help. */
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

export type RequestOptions = {
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiClient = {
  request<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  get<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  post<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  put<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  patch<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  delete<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
};

type StorageReader = Pick<Storage, 'getItem'>;

export type ApiClientOptions = {
  /** From /api/config's apiUrl; `/bff` unless told otherwise. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where the noCache / refreshCache flags live (R3.15); sessionStorage in the browser. */
  getStorage?: () => StorageReader | undefined;
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

  async function request<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    schema: S,
    requestOptions: RequestOptions = {},
  ): Promise<z.output<S>> {
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
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new UnexpectedResponseError(url, response.status, parsed.error.issues);
    return parsed.data;
  }

  return {
    request,
    get: (path, schema, o) => request('GET', path, schema, o),
    post: (path, schema, o) => request('POST', path, schema, o),
    put: (path, schema, o) => request('PUT', path, schema, o),
    patch: (path, schema, o) => request('PATCH', path, schema, o),
    delete: (path, schema, o) => request('DELETE', path, schema, o),
  };
}
