/**
 * `npm run screenshots -- <folder>`: starts the whole portal on a fresh seeded database (as the e2e tests
 * do) and saves a full-page PNG of every page a pet owner meets, in the states worth looking at (menus,
 * dialogs, form errors), at 390 and 1440 px wide, into <folder> (default `.data/screenshots`). For looking
 * at the portal after a change to its look, and for comparing two builds side by side: the file names are
 * the same each run. Prints what it saved; asserts nothing.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNT, DEMO_PASSWORD } from '@vet/db/seed/demo-accounts';
import { launchChromium, submitProviderSignIn } from './lib/shared/chromium.ts';
import { startSeededPortal } from './lib/start/seeded-portal.ts';

const folder = path.resolve(process.argv[2] ?? '.data/screenshots');
const widths = [390, 1440] as const;

mkdirSync(folder, { recursive: true });

const { portal, stop } = await startSeededPortal({
  purpose: 'screenshots',
  ports: { web: 3450, api: 4050, idp: 4150, embeddedPostgres: 54380 },
  env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
});
const browser = await launchChromium();
try {
  for (const width of widths) {
    await signedOutPages(browser, width);
    await signedInPages(browser, width);
    await onboardingPages(browser, width);
  }
} finally {
  await browser.close();
  await stop();
}

type Step = (page: Page) => Promise<unknown>;

async function shoot(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  // Transitions (dialogs fading in, labels moving) end within MUI's 225 ms and the portal's own.
  await page.waitForTimeout(400);
  const file = path.join(folder, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`saved ${path.relative(process.cwd(), file)}`);
}

async function newPage(context: BrowserContext, width: number) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  return page;
}

async function visit(page: Page, url: string, name: string, width: number, ...steps: Step[]) {
  await page.goto(`${portal.portalUrl}${url}`);
  for (const step of steps) await step(page);
  await shoot(page, name, width);
}

/** Once the page has hydrated (a click before that is lost), closes the cookie banner. */
async function acceptCookies(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Accept and close' }).click();
  await page.getByRole('button', { name: 'Accept and close' }).waitFor({ state: 'detached' });
}

async function signedOutPages(browser: Browser, width: number) {
  const context = await browser.newContext();
  const page = await newPage(context, width);
  await visit(page, '/practices', 'practices-with-cookie-banner', width);
  await acceptCookies(page);
  await shoot(page, 'practices', width);
  await visit(page, '/guest', 'guest', width, (p) => p.getByRole('heading', { level: 1 }).waitFor());
  await context.close();
}

async function signedInPages(browser: Browser, width: number) {
  const context = await browser.newContext();
  const page = await newPage(context, width);
  const olivia = DEMO_ACCOUNT.manyPets;
  await page.goto(`${portal.portalUrl}/`);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await submitProviderSignIn(page, olivia.email, olivia.password);
  await page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor();
  await acceptCookies(page);
  await shoot(page, 'dashboard', width);
  if (width < 1200) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shoot(page, 'dashboard-drawer', width);
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('button', { name: /Olivia Bennett/ }).click();
    await shoot(page, 'dashboard-user-menu', width);
    await page.keyboard.press('Escape');
  }
  await visit(page, '/pets', 'pets', width);
  const firstPet = page.getByRole('article').first().getByRole('link');
  await firstPet.click();
  await page.waitForURL((url) => /^\/pets\/\d+$/.test(url.pathname));
  await shoot(page, 'pet', width);
  await visit(page, '/pets/register', 'pets-register', width);
  await page.getByRole('button', { name: 'Register pet' }).click();
  await shoot(page, 'pets-register-errors', width);
  await visit(page, '/appointments', 'appointments', width);
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await shoot(page, 'appointments-cancel-dialog', width);
  await page.keyboard.press('Escape');
  await visit(page, '/appointments/book', 'appointments-book', width);
  await visit(page, '/client-detail', 'client-detail', width);
  await visit(page, '/client-detail/contact-preferences', 'contact-preferences', width);
  await visit(page, '/pets/99999999', 'pet-not-found', width);
  await visit(page, '/no-such-page', 'not-found', width);
  await page.goto(`${portal.portalUrl}/`);
  if (width < 1200) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: /Olivia Bennett/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  }
  await shoot(page, 'logout-dialog', width);
  await context.close();
}

/** A brand-new account, from "Find your record" (with its errors) to "Register as a new client". */
async function onboardingPages(browser: Browser, width: number) {
  const context = await browser.newContext();
  const page = await newPage(context, width);
  const email = `screens.${width}.${Date.now()}@example.com`;
  await page.goto(`${portal.portalUrl}/signup`);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Code from the e-mail').waitFor();
  const mailbox = await context.newPage();
  await mailbox.goto(`${portal.portalUrl}/dev/mailbox`);
  await shoot(mailbox, 'dev-mailbox', width);
  const entry = mailbox
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
    .first();
  const code = /Code (\d{6})/.exec(await entry.innerText())?.[1] ?? '';
  await mailbox.close();
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Find my record' }).waitFor({ timeout: 20_000 });
  await acceptCookies(page);
  await shoot(page, 'registration', width);
  await page.getByRole('button', { name: 'Find my record' }).click();
  await shoot(page, 'registration-errors', width);
  const practice = page.getByRole('combobox', { name: 'Home practice' });
  await practice.fill('Clapham');
  await shoot(page, 'registration-practice-list', width);
  await page.getByRole('option', { name: 'Willowbrook Vets Clapham', exact: true }).click();
  await page.getByLabel('Last name').fill('Newman');
  await page.getByLabel('Postcode').fill('SW4 0LN');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Find my record' }).click();
  await page.getByRole('link', { name: 'Register as a new client' }).waitFor();
  await shoot(page, 'registration-new-client-result', width);
  await page.getByRole('link', { name: 'Register as a new client' }).click();
  await page.getByRole('form', { name: 'Register as a new client' }).waitFor();
  await shoot(page, 'registration-new', width);
  await context.close();
}
