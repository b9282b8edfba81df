import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestSmtpServer } from '@vet/email/testing/test-smtp-server';
import type { Locator, Page } from 'playwright-core';
import { launchChromium } from '../shared/chromium.ts';

/**
 * The public side of the several-instances phase: the portal and the identity provider over https
 * through nginx, as a person reaches them. Each has an address of its own on the loopback network
 * (127.0.0.2 and 127.0.0.3, port 443: the default port, so the Host header nginx passes on is the public
 * one, as in production) and one self-signed certificate for both, made for the run. The processes
 * trust it through NODE_EXTRA_CA_CERTS, as they would a private certificate authority; the browser
 * ignores certificate errors. Addresses, not names: nothing on this machine resolves a made-up name for
 * both Chromium and Node, and a name at localhost would relax the web's production checks.
 */
export const publicSide = {
  portalAddress: '127.0.0.2',
  idpAddress: '127.0.0.3',
  portalUrl: 'https://127.0.0.2',
  issuer: 'https://127.0.0.3',
};

export interface Certificate {
  certificate: string;
  key: string;
}

/** A self-signed certificate for both public addresses, valid for a day (openssl, Debian's). */
export function makeCertificate(folder: string): Certificate {
  const certificate = join(folder, 'public.crt');
  const key = join(folder, 'public.key');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=portal smoke test',
    '-addext',
    `subjectAltName=IP:${publicSide.portalAddress},IP:${publicSide.idpAddress}`,
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr.toString()}`);
  return { certificate, key };
}

/** A client of the go-live export (go-live-export/clients.csv) who has no online account yet. */
export const goLiveClient = {
  practice: 'Riverside Veterinary Centre',
  lastName: 'Hart',
  postcode: 'NR2 3DB',
  // As she types it; the practice system stored it with capitals (Amelia.Hart@example.net).
  email: 'amelia.hart@example.net',
  pet: 'Bruno',
  reason: 'Consultation',
};

/** A password the embedded provider accepts (R5.6). */
const password = 'Go-Live-Pass-2026';

/**
 * A client of a group that has just gone live (its export imported, no demo data): she creates an account
 * at the provider, confirming it with the e-mailed code; finds her record ("Find your record": practice,
 * last name, postcode, e-mail); links it with the code e-mailed to the address on file; books the first
 * time offered for her imported pet and cancels it with a reason of the reference lists. Through nginx
 * to whichever web and API instances it picks; codes read from what the API's queue sent to the SMTP
 * server. Returns the time booked, as the page named it.
 */
export async function signUpMatchBookAndCancel(smtp: TestSmtpServer): Promise<string> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      baseURL: publicSide.portalUrl,
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const client = goLiveClient;

    await page.goto('/signup');
    await page.waitForURL((url) => url.origin === publicSide.issuer);
    await page.getByLabel('E-mail address').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Code from the e-mail').fill(await codeSentTo(smtp, client.email, 1));
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.origin === publicSide.portalUrl && url.pathname === '/registration');
    await page.getByRole('button', { name: 'Accept and close' }).click();
    const practice = page.getByRole('combobox', { name: 'Home practice' });
    await practice.fill(client.practice);
    await page.getByRole('option', { name: client.practice, exact: true }).click();
    await page.getByLabel('Last name').fill(client.lastName);
    await page.getByLabel('Postcode').fill(client.postcode);
    await page.getByLabel('E-mail address').fill(client.email);
    await page.getByRole('button', { name: 'Find my record' }).click();
    await page.waitForURL((url) => url.pathname === '/verified');
    await page.getByLabel('6-digit code').fill(await codeSentTo(smtp, client.email, 2));
    await page.getByRole('button', { name: 'Link my account' }).click();
    await page.getByRole('button', { name: 'Amelia Hart' }).waitFor();

    await page.goto('/appointments');
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();
    return await bookAndCancel(page, client.pet, client.reason);
  } finally {
    await browser.close();
  }
}

/**
 * The `nth` code e-mailed to `to` (1: the provider's sign-up code, 2: the record's verification code), as
 * the SMTP server received it: the text part's "Your code:" line (@vet/email's branded e-mail).
 */
async function codeSentTo(smtp: TestSmtpServer, to: string, nth: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const sent = smtp.received.filter((message) =>
      message.to.some((address) => address.toLowerCase() === to),
    );
    const code = sent[nth - 1] && /Your code: (\d{6})/.exec(sent[nth - 1]!.raw)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code ${nth} e-mailed to the go-live client never arrived`);
}

/**
 * From "Your appointments": books the first time offered for `pet` and `reason`, then cancels it with the
 * first reason of the list. Returns the time booked, as the page named it.
 */
async function bookAndCancel(page: Page, pet: string, reason: string): Promise<string> {
  await page.getByRole('main').getByRole('link', { name: 'Book an appointment' }).click();
  const emergency = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await emergency.getByRole('button', { name: 'Proceed with appointment booking' }).click();
  await choose(page.getByLabel('Pet'), pet);
  await choose(page.getByLabel('Reason for the appointment'), new RegExp(`^${reason}`));
  await page.getByRole('tablist', { name: 'Days' }).waitFor();
  const time = page.getByRole('tabpanel').getByRole('radio').first();
  const chosen = (await time.getAttribute('aria-label')) ?? '';
  await time.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();

  await page.getByRole('link', { name: 'See your appointments' }).click();
  await page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('listitem')
    .filter({ hasText: `${pet}: ${reason}` })
    .waitFor();
  await page.getByRole('button', { name: new RegExp(`^Cancel ${pet}’s ${reason}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
  const why = dialog.getByLabel(/Reason for cancelling/);
  await why.locator('option:nth-child(2)').waitFor({ state: 'attached' });
  await why.selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await page.getByText('Your appointment has been cancelled.').waitFor();
  await page
    .getByRole('region', { name: 'Past and cancelled' })
    .getByRole('listitem')
    .filter({ hasText: `${pet}: ${reason}` })
    .filter({ hasText: 'Cancelled' })
    .waitFor();
  return chosen;
}

/** Picks the option of a native select whose label matches, once the options have loaded. */
async function choose(select: Locator, label: string | RegExp): Promise<void> {
  const option = select.locator('option').filter({ hasText: label }).first();
  await option.waitFor({ state: 'attached' });
  await select.selectOption({ label: (await option.innerText()).trim() });
}
