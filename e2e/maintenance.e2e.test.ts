import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { apiErrorSchema } from '@vet/contracts/errors';
import { maintenanceMessage, maintenanceRetryAfterSeconds } from '@vet/contracts/maintenance';
import { createScratchDatabase, type ScratchDatabase } from '@vet/db/scratch-database';
import { unusedPort } from '@vet/email/testing/test-smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../scripts/lib/shared/paths.ts';
import { spawnManaged, waitForHttp, type ManagedProcess } from '../scripts/lib/shared/processes.ts';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';

/**
 * MAINTENANCE=on (decision 0073), on a web and an API of their own beside the suite's
 * portal: every page answers the maintenance page (no header, R2.12) with 503 and Retry-After, the BFF
 * and the API answer 503 in the error shape, and the probes stay green so a balancer keeps the instances.
 */
let webUrl: string;
let apiUrl: string;
let database: ScratchDatabase;
const processes: ManagedProcess[] = [];

beforeAll(async () => {
  database = await createScratchDatabase(inject('e2eDatabaseUrl'), 'portal_maintenance');
  const [webPort, apiPort] = [await unusedPort(), await unusedPort()];
  webUrl = `http://localhost:${webPort}`;
  apiUrl = `http://127.0.0.1:${apiPort}`;
  const env = { ...process.env, DATABASE_URL: database.url, MAINTENANCE: 'on', LOG_LEVEL: 'warn' };
  const api = spawnManaged({
    name: 'API in maintenance',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'apps/api/src/server.ts')],
    cwd: repoRoot,
    env: { ...env, NODE_ENV: 'test', API_PORT: String(apiPort) },
    output: 'collect',
  });
  processes.push(api);
  const web = spawnManaged({
    name: 'web in maintenance',
    command: process.execPath,
    args: [join(repoRoot, 'apps/web/server.mjs')],
    cwd: join(repoRoot, 'apps/web'),
    env: {
      ...env,
      PORT: String(webPort),
      PORTAL_URL: webUrl,
      API_URL: apiUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    },
    output: 'collect',
  });
  processes.push(web);
  await Promise.all([waitForHttp(`${apiUrl}/healthz`, api), waitForHttp(`${webUrl}/healthz`, web)]);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.drop();
});

describe('the portal in maintenance', () => {
  const { newPage } = useBrowser();

  it.each([
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])(
    'answers a page with the maintenance page, 503 and Retry-After, without a header ($width px)',
    async (viewport) => {
      const page = await newPage(viewport);
      // Chromium reports the page's own status as a failed load.
      expectConsoleError(page, /status of 503/);
      const response = await page.goto(`${webUrl}/pets?practice=3`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()['retry-after']).toBe(String(maintenanceRetryAfterSeconds));
      await page
        .getByRole('heading', { level: 1, name: 'We are carrying out planned maintenance' })
        .waitFor();
      // The address stays the one asked for: a reload once maintenance ends shows that page.
      expect(new URL(page.url()).pathname).toBe('/pets');
      expect(await page.title()).toBe('Closed for maintenance | Harbour Vets Client Portal');
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
      const emergency = page.getByRole('link', { name: '24-hour emergency vets' });
      expect(await emergency.getAttribute('href')).toMatch(/^https:\/\//);
      await expectNoAxeViolations(page);
    },
  );

  it('answers the BFF and sign-in with 503 in the error shape and Retry-After', async () => {
    for (const path of ['/bff/v2/pets', '/bff/online-practices', '/api/auth/session']) {
      const response = await fetch(`${webUrl}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe(String(maintenanceRetryAfterSeconds));
      expect(apiErrorSchema.strict().parse(await response.json())).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: maintenanceMessage,
      });
    }
  });

  it('answers the API with 503 in the error shape, the integration API too', async () => {
    for (const path of ['/online-practices', '/integration/v1/events']) {
      const response = await fetch(`${apiUrl}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe(String(maintenanceRetryAfterSeconds));
      expect(((await response.json()) as { message: string }).message).toBe(maintenanceMessage);
    }
  });

  it('keeps the web’s and the API’s probes green', async () => {
    for (const url of [`${webUrl}/healthz`, `${webUrl}/readyz`, `${apiUrl}/healthz`, `${apiUrl}/readyz`]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
  });
});
