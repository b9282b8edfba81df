import { CookieJar } from './cookie-jar.ts';

export interface BrowserResponse {
  status: number;
  url: URL;
  location: URL | undefined;
  headers: Headers;
  body: string;
}

/**
 * A browser without a browser: fetch with a cookie jar and redirects followed by hand, so a test can stop
 * where the provider sends the person back to the portal.
 */
export class Browser {
  readonly jar = new CookieJar();

  /** `headers` go with every request, e.g. the X-Forwarded-For a proxy in front would add. */
  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  async request(url: string | URL, form?: Record<string, string>): Promise<BrowserResponse> {
    const target = new URL(url);
    const headers = new Headers({ accept: 'text/html', ...this.extraHeaders });
    const cookie = this.jar.headerFor(target);
    if (cookie) headers.set('cookie', cookie);
    if (form) headers.set('content-type', 'application/x-www-form-urlencoded');
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: 'manual',
    });
    this.jar.store(response);
    const location = response.headers.get('location');
    return {
      status: response.status,
      url: target,
      location: location ? new URL(location, target) : undefined,
      headers: response.headers,
      body: await response.text(),
    };
  }

  /** Follows redirects while they stay on `origin`; returns the first answer that is not one. */
  async follow(response: BrowserResponse, origin: string): Promise<BrowserResponse> {
    let current = response;
    for (let hops = 0; current.location && current.location.origin === origin; hops += 1) {
      if (hops > 10) throw new Error('too many redirects');
      current = await this.request(current.location);
    }
    return current;
  }
}

/** The value of a hidden form field in a page. */
export function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} field in the page`);
  return match[1];
}
