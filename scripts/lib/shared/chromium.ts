import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inflateNpmChromium, npmChromiumBinDir } from './chromium-from-npm.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const debianChromium = '/usr/bin/chromium';

/** What a machine with no browser is told, in one line, by the end-to-end tests' global setup. */
export const noChromiumMessage = 'No Chromium for the end-to-end tests: run `apt-get install -y chromium`';

/** No browser to start: what to do is the whole message. */
export class NoChromiumError extends Error {
  override name = 'NoChromiumError';
}

export interface ChromiumBrowser {
  executablePath: string;
  /** Added to the browser process's environment (the npm build's libraries and fonts). */
  env: Record<string, string>;
}

/**
 * The browser of the tests, benchmarks and screenshots (decision 0073), never one downloaded from anywhere
 * but the npm registry or Debian's packages. The first of: CHROMIUM_PATH; the headless Chromium that the
 * @sparticuz/chromium package ships (a development dependency, so `npm ci` brings it); Debian's.
 */
export async function findChromium({
  env = process.env,
  npmBin = npmChromiumBinDir() ?? null,
  debianPath = debianChromium,
  cacheRoot,
}: {
  env?: NodeJS.ProcessEnv;
  /** The package's bin/ folder; null: not installed. */
  npmBin?: string | null;
  debianPath?: string;
  /** Where the package's browser is inflated (inflateNpmChromium's default: node_modules/.cache). */
  cacheRoot?: string;
} = {}): Promise<ChromiumBrowser | undefined> {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new NoChromiumError(`CHROMIUM_PATH names no file: ${configured}`);
    return { executablePath: configured, env: {} };
  }
  if (npmBin) return inflateNpmChromium(npmBin, cacheRoot);
  return existsSync(debianPath) ? { executablePath: debianPath, env: {} } : undefined;
}

let found: Promise<ChromiumBrowser> | undefined;

/** The browser, found once per process; fails with `noChromiumMessage` when there is none. */
export function chromiumBrowser(): Promise<ChromiumBrowser> {
  found ??= findChromium().then((browser) => {
    if (!browser) throw new NoChromiumError(noChromiumMessage);
    return browser;
  });
  return found;
}

/** The process's environment with the browser's additions, as a child process takes it. */
export function chromiumEnvironment(browser: ChromiumBrowser): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return { ...Object.fromEntries(inherited), ...browser.env };
}

/** Headless, with the flags this machine needs; don't pass --user-data-dir (architecture.md). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromiumBrowser();
  return chromium.launch({
    executablePath: browser.executablePath,
    env: chromiumEnvironment(browser),
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
