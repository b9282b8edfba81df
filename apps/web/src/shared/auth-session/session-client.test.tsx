// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Session } from 'next-auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, SessionProvider, signIn, signOut, updateSession, useSession } from './session-client';

const olivia: Session = {
  user: { name: 'Olivia', email: 'olivia@example.com' },
  expires: '2099-01-01T00:00:00Z',
};

type Answer = { status?: number; body?: unknown } | Error;
let answers: Record<string, Answer>;
const requests: Array<{ url: string; method: string; body?: string }> = [];
/** The logging posts (R7.11), sent as beacons. */
const beacons: Array<{ url: string; fields: Record<string, string> }> = [];
// A failure is posted once a minute at most (auth-log.ts): each test starts an hour after the last.
let clock = Date.UTC(2030, 0, 1);

beforeEach(() => {
  answers = {};
  requests.length = 0;
  beacons.length = 0;
  clock += 3_600_000;
  vi.setSystemTime(clock);
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: URLSearchParams) =>
      beacons.push({ url, fields: Object.fromEntries(body) }) > 0,
  });
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body =
        init?.body instanceof URLSearchParams || typeof init?.body === 'string'
          ? init.body.toString()
          : undefined;
      requests.push({ url, method: init?.method ?? 'GET', body });
      const path = url.split('?')[0]!;
      const answer = answers[path];
      if (!answer) return Promise.reject(new Error(`unexpected request ${url}`));
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(
        new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

/** R7.11's logging post of one failure, as the sign-in layer receives it. */
const logged = (code: string, detail: string) => ({
  url: '/api/auth/_log',
  fields: { level: 'error', code, detail, client: 'true' },
});

function Status() {
  const { status, data } = useSession();
  return (
    <p>
      {status}
      {data?.user?.name ? ` as ${data.user.name}` : ''}
    </p>
  );
}

const renderProvider = (session?: Session | null, props: { refetchInterval?: number } = {}) =>
  render(
    <SessionProvider session={session} {...props}>
      <Status />
    </SessionProvider>,
  );

/** Another tab's next-auth message, as the storage event brings it. */
const messageFromAnotherTab = (trigger: string) =>
  act(() => {
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'nextauth.message',
        newValue: JSON.stringify({ event: 'session', data: { trigger }, timestamp: 1 }),
      }),
    );
  });

const becomeVisible = () =>
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('SessionProvider', () => {
  it('starts from the server’s session without asking for it', () => {
    renderProvider(olivia);
    expect(screen.getByText('authenticated as Olivia')).toBeTruthy();
    renderProvider(null);
    expect(screen.getByText('unauthenticated')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('asks for the session on mount when the server did not know it', async () => {
    answers['/api/auth/session'] = { body: olivia };
    renderProvider(undefined);
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('authenticated as Olivia');
  });

  it('reads the session again when another tab signs out, and does not echo the message', async () => {
    renderProvider(olivia);
    answers['/api/auth/session'] = { body: {} };
    messageFromAnotherTab('signout');
    await screen.findByText('unauthenticated');
    expect(localStorage.getItem('nextauth.message')).toBeNull();
  });

  it('clears this tab’s personal keys when another tab signs out, and only then', async () => {
    sessionStorage.setItem('messageDrafts', '{"new:7":{}}');
    renderProvider(olivia);
    answers['/api/auth/session'] = { body: olivia };
    messageFromAnotherTab('getSession');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sessionStorage.getItem('messageDrafts')).not.toBeNull();
    answers['/api/auth/session'] = { body: {} };
    messageFromAnotherTab('signout');
    expect(sessionStorage.getItem('messageDrafts')).toBeNull();
    await screen.findByText('unauthenticated');
  });

  it('ignores other storage keys and malformed messages', () => {
    renderProvider(olivia);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{}' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message', newValue: 'not json' }));
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'nextauth.message', newValue: '{"event":"x"}' }),
      );
    });
    expect(requests).toEqual([]);
  });

  it('reads it when the tab becomes visible, while signed in, and tells the other tabs', async () => {
    renderProvider(olivia);
    answers['/api/auth/session'] = { body: {} };
    becomeVisible();
    await screen.findByText('unauthenticated');
    expect(JSON.parse(localStorage.getItem('nextauth.message')!)).toMatchObject({
      event: 'session',
      data: { trigger: 'getSession' },
    });
    // Signed out, a visible tab has nothing to learn.
    becomeVisible();
    expect(requests).toHaveLength(1);
  });

  it('keeps the session when it cannot be read (offline), and learns at the next read', async () => {
    renderProvider(olivia);
    answers['/api/auth/session'] = new TypeError('Failed to fetch');
    becomeVisible();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByText('authenticated as Olivia')).toBeTruthy();
    answers['/api/auth/session'] = { status: 500, body: {} };
    becomeVisible();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.getByText('authenticated as Olivia')).toBeTruthy();
    answers['/api/auth/session'] = { body: {} };
    becomeVisible();
    await screen.findByText('unauthenticated');
  });

  it('logs a read that fails as a client session error (R8.3): the status, nothing of the session', async () => {
    renderProvider(olivia);
    answers['/api/auth/session'] = { status: 503, body: { user: { email: 'olivia@example.com' } } };
    becomeVisible();
    await waitFor(() =>
      expect(beacons).toEqual([logged('CLIENT_SESSION_ERROR', 'Session read failed: HTTP 503')]),
    );
    expect(requests.map((r) => r.url)).toEqual(['/api/auth/session']);
  });

  it('polls every refetchInterval seconds while signed in', async () => {
    vi.useFakeTimers();
    try {
      answers['/api/auth/session'] = { body: olivia };
      renderProvider(olivia, { refetchInterval: 60 });
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(requests.map((r) => r.url)).toEqual(['/api/auth/session']);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('getSession', () => {
  it('reads the session and tells the other tabs; null when it cannot', async () => {
    answers['/api/auth/session'] = { body: olivia };
    expect(await getSession()).toEqual(olivia);
    expect(localStorage.getItem('nextauth.message')).toContain('"trigger":"getSession"');
    answers['/api/auth/session'] = { body: {} };
    expect(await getSession()).toBeNull();
    expect(beacons).toEqual([]);
    answers['/api/auth/session'] = new TypeError('Failed to fetch');
    expect(await getSession()).toBeNull();
    expect(beacons).toEqual([logged('CLIENT_SESSION_ERROR', 'Session read failed: TypeError')]);
  });
});

describe('updateSession', () => {
  it('posts the CSRF token and empty data, shows the answer in this tab and tells the others', async () => {
    renderProvider(olivia);
    const renamed: Session = { ...olivia, user: { name: 'Olivia Bennett', email: 'olivia@example.com' } };
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-7' } };
    answers['/api/auth/session'] = { body: renamed };
    expect(await act(() => updateSession())).toEqual(renamed);
    const post = requests.find((r) => r.url === '/api/auth/session')!;
    expect(post.method).toBe('POST');
    expect(JSON.parse(post.body!)).toEqual({ csrfToken: 'token-7', data: {} });
    expect(screen.getByText('authenticated as Olivia Bennett')).toBeTruthy();
    expect(localStorage.getItem('nextauth.message')).toContain('"trigger":"getSession"');
    expect(beacons).toEqual([]);
  });

  it('turns a 401 (the session has ended) into signed out', async () => {
    renderProvider(olivia);
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-8' } };
    answers['/api/auth/session'] = { status: 401, body: { statusCode: 401 } };
    expect(await act(() => updateSession())).toBeNull();
    expect(screen.getByText('unauthenticated')).toBeTruthy();
  });

  it('keeps what the tab knew when the update fails, and logs it as a session error (R8.3)', async () => {
    renderProvider(olivia);
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-9' } };
    answers['/api/auth/session'] = { status: 503 };
    expect(await act(() => updateSession())).toBeUndefined();
    expect(screen.getByText('authenticated as Olivia')).toBeTruthy();
    expect(beacons).toEqual([logged('CLIENT_SESSION_ERROR', 'Session read failed: HTTP 503')]);
    expect(localStorage.getItem('nextauth.message')).toBeNull();
  });
});

describe('signOut', () => {
  it('posts the CSRF token to next-auth, tells the other tabs and updates this one', async () => {
    renderProvider(olivia);
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-1' } };
    answers['/api/auth/signout'] = { body: { url: 'http://localhost/' } };
    answers['/api/auth/session'] = { body: {} };
    await act(() => signOut({ callbackUrl: '/' }));
    const post = requests.find((r) => r.url === '/api/auth/signout')!;
    expect(post.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({
      callbackUrl: '/',
      csrfToken: 'token-1',
      json: 'true',
    });
    expect(localStorage.getItem('nextauth.message')).toContain('"trigger":"signout"');
    expect(screen.getByText('unauthenticated')).toBeTruthy();
  });

  it('can tell the other tabs only when this page is left (a logout leaving through the provider)', async () => {
    renderProvider(olivia);
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-1' } };
    answers['/api/auth/signout'] = { body: { url: 'http://localhost/' } };
    answers['/api/auth/session'] = { body: {} };
    await act(() => signOut({ callbackUrl: '/', tellOtherTabsWhenLeaving: true }));
    expect(localStorage.getItem('nextauth.message')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('nextauth.message')).toContain('"trigger":"signout"');
  });

  it('rejects when the session could not be ended, and tells no one', async () => {
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-1' } };
    answers['/api/auth/signout'] = new TypeError('Failed to fetch');
    await expect(signOut({ callbackUrl: '/' })).rejects.toThrow();
    expect(localStorage.getItem('nextauth.message')).toBeNull();
  });
});

describe('signIn', () => {
  let assigned: string[];
  beforeEach(() => {
    assigned = [];
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: 'http://localhost',
      href: 'http://localhost/pets',
      assign: (url: string) => assigned.push(url),
    });
  });

  it('posts to the provider’s sign-in with its authorisation parameters and goes where next-auth says', async () => {
    answers['/api/auth/providers'] = { body: { 'azure-ad': { id: 'azure-ad' } } };
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-2' } };
    answers['/api/auth/signin/azure-ad'] = { body: { url: 'https://idp.example/auth?x=1' } };
    const result = await signIn('azure-ad', { callbackUrl: '/' }, { prompt: 'login' });
    const post = requests.find((r) => r.url.startsWith('/api/auth/signin/'))!;
    expect(post.url).toBe('/api/auth/signin/azure-ad?prompt=login');
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({
      callbackUrl: '/',
      csrfToken: 'token-2',
      json: 'true',
    });
    expect(result).toEqual({ error: null, status: 200, ok: true, url: 'https://idp.example/auth?x=1' });
    expect(assigned).toEqual(['https://idp.example/auth?x=1']);
    expect(beacons).toEqual([]);
  });

  it("takes the result's error from the returned address's error parameter, with url null, and stays", async () => {
    answers['/api/auth/providers'] = { body: { 'azure-ad': {} } };
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-5' } };
    answers['/api/auth/signin/azure-ad'] = {
      body: { url: 'http://localhost/signin?error=OAuthSignin&callbackUrl=%2F' },
    };
    const result = await signIn('azure-ad', { callbackUrl: '/' });
    expect(result).toEqual({ error: 'OAuthSignin', status: 200, ok: true, url: null });
    expect(assigned).toEqual([]);
    expect(beacons).toEqual([logged('CLIENT_SIGNIN_ERROR', 'Login failed: OAuthSignin')]);
  });

  it("answers a sign-in next-auth refuses with its status and 'Signin', and logs 'Login failed'", async () => {
    answers['/api/auth/providers'] = { body: { 'azure-ad': {} } };
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-4' } };
    answers['/api/auth/signin/azure-ad'] = { status: 500, body: { message: 'x' } };
    expect(await signIn('azure-ad', { callbackUrl: '/' })).toEqual({
      error: 'Signin',
      status: 500,
      ok: false,
      url: null,
    });
    expect(beacons).toEqual([logged('CLIENT_SIGNIN_ERROR', 'Login failed: HTTP 500')]);
    expect(assigned).toEqual([]);
  });

  it('answers a sign-in post that got no answer (offline) with status 0 and no address', async () => {
    answers['/api/auth/providers'] = { body: { 'azure-ad': {} } };
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-6' } };
    answers['/api/auth/signin/azure-ad'] = new TypeError('Failed to fetch');
    expect(await signIn('azure-ad', { callbackUrl: '/' })).toEqual({
      error: 'Signin',
      status: 0,
      ok: false,
      url: null,
    });
    expect(beacons).toEqual([logged('CLIENT_SIGNIN_ERROR', 'Login failed: TypeError')]);
    expect(assigned).toEqual([]);
  });

  it("logs R8.2's fallback, 'Login failed', when the failure tells nothing more (no CSRF token)", async () => {
    answers['/api/auth/providers'] = { body: { 'azure-ad': {} } };
    answers['/api/auth/csrf'] = { body: {} };
    expect(await signIn('azure-ad', { callbackUrl: '/' })).toMatchObject({ error: 'Signin', ok: false });
    expect(beacons).toEqual([logged('CLIENT_SIGNIN_ERROR', 'Login failed')]);
  });

  it('asks for the CSRF token beside the provider list, not after it (one round trip fewer)', async () => {
    answers['/api/auth/csrf'] = { body: { csrfToken: 'token-3' } };
    answers['/api/auth/signin/azure-ad'] = { body: { url: 'https://idp.example/auth' } };
    let answerProviders!: () => void;
    const fetchAnswers = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((url, init) =>
      url === '/api/auth/providers'
        ? new Promise((resolve) => {
            answerProviders = () => resolve(new Response(JSON.stringify({ 'azure-ad': {} })));
          })
        : fetchAnswers(url, init),
    );
    const signingIn = signIn('azure-ad', { callbackUrl: '/' });
    await waitFor(() => expect(requests.map((r) => r.url)).toEqual(['/api/auth/csrf']));
    expect(fetch).toHaveBeenCalledWith('/api/auth/providers', undefined);
    answerProviders();
    await signingIn;
    expect(assigned).toEqual(['https://idp.example/auth']);
  });

  it('sends an unknown provider to next-auth’s sign-in page, and an unreadable list to its error page', async () => {
    answers['/api/auth/providers'] = { body: { 'azure-ad': {} } };
    expect(await signIn('nobody')).toBeUndefined();
    expect(assigned).toEqual(['http://localhost/api/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%2Fpets']);
    expect(beacons).toEqual([]);
    answers['/api/auth/providers'] = { status: 500 };
    expect(await signIn('azure-ad')).toBeUndefined();
    expect(assigned[1]).toBe('http://localhost/api/auth/error');
    expect(beacons).toEqual([logged('CLIENT_SIGNIN_ERROR', 'Login failed: HTTP 500')]);
  });
});
