import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Locator } from 'playwright-core';
import { launchChromium, submitProviderSignIn } from '../shared/chromium.ts';

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

/**
 * A demo client signs in at the provider, books the first time offered for one of her pets and cancels
 * it with a reason: the steps of e2e/appointments.e2e.test.ts's first journey, through nginx to whichever
 * web and API instances it picks. Returns the time booked, as the page named it.
 */
export async function signInBookAndCancel(): Promise<string> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      baseURL: publicSide.portalUrl,
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const olivia = DEMO_ACCOUNT.manyPets;
    await page.goto('/appointments');
    await page.waitForURL(
      (url) => url.origin === publicSide.issuer && url.pathname.startsWith('/interaction/'),
    );
    await submitProviderSignIn(page, olivia.email, olivia.password);
    await page.getByRole('heading', { level: 1, name: 'Your appointments' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Book an appointment' }).click();
    const emergency = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await emergency.getByRole('button', { name: 'Proceed with appointment booking' }).click();
    await choose(page.getByLabel('Pet'), 'Pickle');
    await choose(page.getByLabel('Reason for the appointment'), /^Dental check/);
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
      .filter({ hasText: 'Pickle: Dental check' })
      .waitFor();
    await page.getByRole('button', { name: /^Cancel Pickle’s Dental check/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    const reason = dialog.getByLabel(/Reason for cancelling/);
    await reason.locator('option:nth-child(2)').waitFor({ state: 'attached' });
    await reason.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByText('Your appointment has been cancelled.').waitFor();
    await page
      .getByRole('region', { name: 'Past and cancelled' })
      .getByRole('listitem')
      .filter({ hasText: 'Pickle: Dental check' })
      .filter({ hasText: 'Cancelled' })
      .waitFor();
    return chosen;
  } finally {
    await browser.close();
  }
}

/** Picks the option of a native select whose label matches, once the options have loaded. */
async function choose(select: Locator, label: string | RegExp): Promise<void> {
  const option = select.locator('option').filter({ hasText: label }).first();
  await option.waitFor({ state: 'attached' });
  await select.selectOption({ label: (await option.innerText()).trim() });
}
