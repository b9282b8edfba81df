import { describe, expect, it } from 'vitest';
import { expectConsoleError, useBrowser, zodMarker } from './support/browser.ts';

/**
 * The pages' Content Security Policy (decision 0029): scripts run only with the page's own nonce, so a
 * script an attacker manages to put into the HTML does not run, while the portal's own scripts do.
 */

const scriptDirective = (policy: string) =>
  policy.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';

describe('Content Security Policy with nonces', () => {
  const { newPage } = useBrowser();

  it('gives each page a fresh nonce that every script of the page carries, and no unsafe-inline', async () => {
    const page = await newPage();
    const nonces = new Set<string>();
    for (const path of ['/practices', '/practices', '/guest']) {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(scriptDirective(policy)).not.toContain("'unsafe-inline'");
      expect(scriptDirective(policy)).not.toContain("'unsafe-eval'");
      const nonce = /'nonce-([^']+)'/.exec(scriptDirective(policy))?.[1];
      expect(nonce, `${path}: a nonce in script-src`).toBeTruthy();
      nonces.add(nonce!);
      const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
    // The BFF's JSON allows nothing at all.
    const json = await page.request.get('/bff/online-practices');
    expect(json.headers()['content-security-policy']).toContain("default-src 'none'");
    // next-auth's own routes may show a plain page (an error), styled inline, running no script.
    const auth = (await page.request.get('/api/auth/error')).headers()['content-security-policy'] ?? '';
    expect(auth).toContain("default-src 'none'");
    expect(auth).not.toContain('script-src');
  });

  it('gives a page asked for as a prefetch its policy, and what the proxy does not serve a strict one', async () => {
    const page = await newPage();
    // A browser may show what it prefetched: the page carries its nonce policy whatever asked for it.
    const prefetches: Record<string, string>[] = [
      { 'next-router-prefetch': '1', rsc: '1' },
      { purpose: 'prefetch' },
      { 'sec-purpose': 'prefetch' },
    ];
    for (const headers of prefetches) {
      const prefetched = await page.request.get('/practices', { headers });
      const policy = prefetched.headers()['content-security-policy'] ?? '';
      expect(scriptDirective(policy), JSON.stringify(headers)).toMatch(/^script-src 'self' 'nonce-[^']+' /);
    }
    // The fallback of next.config.ts: scripts from the portal's own files only.
    const icon = await page.request.get('/icon.svg');
    expect(scriptDirective(icon.headers()['content-security-policy'] ?? '')).toBe("script-src 'self'");
  });

  it('refuses a script or a stylesheet injected into the page, while the page itself still works', async () => {
    const page = await newPage();
    await page.route('**/practices', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</body>',
        '<script>window.injectedScriptRan = true</script><img src="data:," alt="" onerror="window.injectedHandlerRan = true"><style>main { visibility: hidden }</style></body>',
      );
      await route.fulfill({ response, body: html });
    });
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (directive: string) => violations.push(directive));
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (event) => window.reportViolation(event.effectiveDirective))",
    );
    expectConsoleError(page, /Content Security Policy/);
    await page.goto('/practices');
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(8);
    // The page's own scripts run: React has hydrated, so the cookie banner's button works.
    const accept = page.getByRole('button', { name: 'Accept and close' });
    await accept.click();
    await expect.poll(() => accept.count()).toBe(0);
    await expect
      .poll(() => violations)
      .toEqual(expect.arrayContaining(['script-src-elem', 'style-src-elem']));
    // The portal's own stylesheets apply (decision 0050: static CSS only); the injected one does not.
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('main')).visibility")).toBe(
      'visible',
    );
    expect(await page.evaluate<boolean>("'injectedScriptRan' in window")).toBe(false);
    expect(await page.evaluate<boolean>("'injectedHandlerRan' in window")).toBe(false);
  });

  it('meets no refusal on a page that checks a form with zod (its eval probe is switched off)', async () => {
    const page = await newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (blocked: string) => violations.push(blocked));
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (event) => window.reportViolation(`${event.effectiveDirective} ${event.blockedURI}`))",
    );
    const zodLoaded = page.waitForResponse(
      async (response) =>
        response.request().resourceType() === 'script' && (await response.text()).includes(zodMarker),
    );
    await page.goto('/guest');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Accept and close' }).click();
    // The details form loads its rules, and zod with them, when the guest first types (decision 0033).
    await page.getByLabel('Practice').selectOption({ label: 'Willowbrook Vets Clapham, London' });
    await page.getByLabel('Your pet is a').selectOption({ label: 'Dog' });
    await page.getByLabel('Reason for the appointment').selectOption({ label: 'Vaccination (15 minutes)' });
    await page.getByLabel('Your pet’s name').fill('Biscuit');
    await zodLoaded;
    await page.getByLabel('Your pet’s name').fill('');
    await page.getByLabel('First name').focus();
    await page.getByText('Enter your pet’s name.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    // zod read its setting from instrumentation-client.ts.
    const jitless = await page.evaluate<boolean>('globalThis.__zod_globalConfig?.jitless === true');
    expect(jitless).toBe(true);
  });

  it('sends the security headers on pages, the BFF and next-auth, and answers TRACE with no echo', async () => {
    const page = await newPage();
    for (const path of ['/practices', '/bff/online-practices', '/api/auth/session']) {
      const headers = (await page.request.get(path)).headers();
      expect(headers, path).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'strict-transport-security': 'max-age=63072000; includeSubDomains',
      });
    }
    for (const path of ['/practices', '/bff/online-practices']) {
      const trace = await page.request.fetch(path, { method: 'TRACE', headers: { 'x-echo-me': 'secret' } });
      expect(trace.status(), path).toBeGreaterThanOrEqual(400);
      expect(await trace.text()).not.toContain('secret');
    }
  });
});
