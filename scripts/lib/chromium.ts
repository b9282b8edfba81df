import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser), headless, with the flags this machine needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Counts the compressed bytes of the scripts the page loads from now on (what a person downloads). */
export async function countScriptBytes(
  context: BrowserContext,
  page: Page,
): Promise<() => { kilobytes: number; scripts: number }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return () => ({ kilobytes: bytes / 1024, scripts: scripts.size });
}

/** The compressed kilobytes of JS a page loads, from a cold cache, until the network is idle. */
export async function weighPage(page: Page, url: string): Promise<number> {
  const scriptBytes = await countScriptBytes(page.context(), page);
  await page.goto(url, { waitUntil: 'networkidle' });
  return scriptBytes().kilobytes;
}

/** Fills in and submits the embedded provider's sign-in form, once the browser is on it. */
export async function submitProviderSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
