import { randomBytes } from 'node:crypto';
import { listValueMappingSchema, unmappedValuesSchema } from '@vet/contracts/integration-list-values';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { connectDatabase } from '@vet/db/connection';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { freshEmail, registerAsNewClient, signUpToFindYourRecord } from './support/onboarding.ts';
import { practiceSystemAuthorization } from './support/practice-system.ts';
import { screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { onPortal } from './support/sign-in.ts';

/**
 * The practice system's words (decision 0131): a pet its practice system records with a breed the
 * portal's lists lack is stored all the same; its owner sees the breed as the practice wrote it, then,
 * once the group maps it, the entry it was mapped to.
 */
const api = inject('apiUrl');
const shot = screenshots('/tmp/shots/unmapped-labels');

async function integration(method: 'GET' | 'PUT', path: string, body?: unknown) {
  const response = await fetch(`${api}${integrationPathPrefix}/${path}`, {
    method,
    headers: {
      authorization: await practiceSystemAuthorization(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

/** The portal's id of the client registered online with this e-mail (the events would tell a system). */
async function clientIdOf(email: string): Promise<number> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const { rows } = await pool.query<{ id: number }>('select id from clients where email_key = lower($1)', [
      email,
    ]);
    return rows[0]!.id;
  } finally {
    await close();
  }
}

describe('a breed the lists lack', () => {
  const { newPage } = useBrowser();

  it('is shown as the practice wrote it, then as the entry the group maps it to', async () => {
    const page = await newPage(desktop);
    const email = freshEmail('lena.fairweather');
    await signUpToFindYourRecord(page, email);
    await registerAsNewClient(page, { firstName: 'Lena', lastName: 'Fairweather', email });
    await page.waitForURL(onPortal('/'), { timeout: 20_000 });

    // The practice system acknowledges the client, then records its cat with its own breed label.
    const tag = randomBytes(3).toString('hex');
    const label = `Tabby Moggy ${tag}`;
    await integration('PUT', `clients/online/${await clientIdOf(email)}/ref`, { client_ref: `CLI-${tag}` });
    await integration('PUT', `pets/PET-${tag}`, {
      client_ref: `CLI-${tag}`,
      name: 'Marmalade',
      species: 'Cat',
      breed: label,
      sex: 'Female',
    });

    await page.goto('/pets');
    const card = page.getByRole('link', { name: /Marmalade/ });
    await card.waitFor();
    await page.getByText(`Cat · ${label}`).waitFor();
    await shot(page, 'pets-practice-words');
    await expectNoAxeViolations(page);
    await card.click();
    await page.waitForURL(/\/pets\/\d+$/);
    await page.getByRole('heading', { name: 'Marmalade', level: 1 }).waitFor();
    await page.getByText(label).first().waitFor();
    await page.setViewportSize(phone390);
    await shot(page, 'pet-practice-words');
    await expectNoAxeViolations(page);

    const { items } = unmappedValuesSchema.parse(
      await integration('GET', 'list-values/unmapped?list=breeds&practice_system=group'),
    );
    const value = items.find((item) => item.text === label);
    expect(value).toMatchObject({ species: 'Cat', records: 1 });
    const mapped = listValueMappingSchema.parse(
      await integration('PUT', `list-values/${value!.id}/mapping`, { entry: 'British Shorthair' }),
    );
    expect(mapped).toMatchObject({ entry: { name: 'British Shorthair' }, records: 1 });

    await page.reload();
    await page.getByText('British Shorthair').first().waitFor();
    expect(await page.getByText(label).count()).toBe(0);
    await shot(page, 'pet-mapped');
  });
});
