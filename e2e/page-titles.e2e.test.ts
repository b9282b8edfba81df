import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, useBrowser } from './support/browser.ts';
import { signIn } from './support/sign-in.ts';

/** Every page's title is "<page> | <brand> Client Portal" (the e2e portal runs with the default brand). */
describe('page titles', () => {
  const { newPage } = useBrowser();

  it.each([
    ['/practices', 'Practice list | Harbour Vets Client Portal', null],
    // The page itself answers 404, which Chromium logs as a console error.
    [
      '/no-such-page',
      'Page not found | Harbour Vets Client Portal',
      'the server responded with a status of 404',
    ],
  ])('%s is titled "%s"', async (path, title, consoleError) => {
    const page = await newPage();
    if (consoleError) expectConsoleError(page, consoleError);
    await page.goto(path);
    expect(await page.title()).toBe(title);
  });

  it('titles the dashboard at / too', async () => {
    const page = await newPage();
    await signIn(page, DEMO_ACCOUNT.manyPets);
    expect(await page.title()).toBe('Dashboard | Harbour Vets Client Portal');
  });
});
