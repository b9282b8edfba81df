import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { describe, expect, inject, it } from 'vitest';
import { press } from './support/actions.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { useBrowser } from './support/browser.ts';
import { acceptCookies } from './support/onboarding.ts';
import { seedPlanScene } from './support/plans.ts';
import { readFeed } from './support/practice-system.ts';
import { checkAtBothWidths, screenshots } from './support/screenshots.ts';
import { phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Health plans (issue 65, "Done when"): Grace Hughes (the demo's three pets, Didsbury) sees Hazel's plan
 * with its benefits used and left, books Hazel's covered vaccination with no price asked, joins the plan
 * for Pip through the hosted Direct Debit page (the GoCardless stand-in the e2e portal is configured
 * with), and cancels Hazel's plan in two presses with the £30.00 early-exit fee shown; the practice
 * system reads plan.joined and plan.cancelled. Axe-clean at 390 and 1440 px on each page.
 */
const account = DEMO_ACCOUNT.threePets;
const shot = screenshots('/tmp/shots-health-plans');

const checkBothWidths = checkAtBothWidths(shot);

async function feedCount(type: string, membershipId: number): Promise<number> {
  return (await readFeed()).filter(
    (event) => event.type === type && event.data['membership_id'] === membershipId,
  ).length;
}

describe('health plans', () => {
  const { newPage } = useBrowser();

  it('sees a plan used and left, books the covered vaccination with no price, and reads a plan before joining', async () => {
    const scene = await seedPlanScene(account, 'Hazel', 'Pip', inject('e2eDatabaseUrl'));
    const page = await newPage(phone390);
    await signIn(page, account, `/pets/${scene.member.petId}`);
    await acceptCookies(page);

    // Hazel's plan: what it covers, used and left this plan year, the next payment and renewal.
    const plan = page.getByRole('region', { name: scene.planName });
    await plan.waitFor();
    await plan.getByRole('row', { name: 'Vaccinations 1 used, 1 left' }).waitFor();
    await plan.getByRole('row', { name: 'Everything else 10% off' }).waitFor();
    await plan.getByText(/^£16\.50 on /).waitFor();
    await plan.getByText(/\(covered by your plan\)$/).waitFor();
    await checkBothWidths(page, 'pet-with-plan');

    // The next vaccination one press away, covered: no price asked.
    await press(plan.getByRole('link', { name: /^Book it/ }));
    await page.waitForURL((url) => url.pathname === '/appointments/book');
    expect(new URL(page.url()).searchParams.get('reasonId')).toBe(String(scene.vaccinationReasonId));
    await page.getByText('Covered by your plan', { exact: true }).waitFor();
    await page.getByRole('tablist', { name: 'Days' }).waitFor();
    await checkTimeClearOfNotice(page);
    await press(page.getByRole('button', { name: 'Continue' }));
    await page.getByText('Covered by your plan', { exact: true }).waitFor();
    expect(await page.getByText(/^Price: /).count()).toBe(0);
    await checkBothWidths(page, 'book-covered');
    await press(page.getByRole('button', { name: 'Confirm booking' }));
    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();

    // The practice's plans, linked from its price list, and the pre-contract information before joining.
    await page.goto('/practices');
    await page.getByRole('link', { name: /^Health plans at Willowbrook Vets Didsbury/ }).click();
    await page.getByRole('heading', { level: 2, name: scene.planName }).waitFor();
    await checkBothWidths(page, 'practice-plans');
    await page.getByRole('link', { name: `Join ${scene.planName}` }).click();
    await page.getByRole('heading', { level: 2, name: 'Which pet is joining?' }).waitFor();
    await page.getByRole('link', { name: 'Pip' }).click();
    await page.getByRole('heading', { level: 2, name: `Before you join: ${scene.planName}` }).waitFor();
    for (const term of ['Price', 'Minimum term', 'Renewal', 'Cooling-off period', 'How to leave']) {
      await page.getByText(term, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Continue to set up your Direct Debit' }).click();
    await page.getByText('Confirm you have read the plan’s terms.').waitFor();
    await checkBothWidths(page, 'join');
  });

  it('joins the plan for a second pet on the hosted Direct Debit page and cancels another in two presses', async () => {
    const scene = await seedPlanScene(account, 'Hazel', 'Pip', inject('e2eDatabaseUrl'));
    const page = await newPage(phone390);
    // signIn waits for a path without a query: sign in at the dashboard, then open the join page.
    await signIn(page, account);
    await acceptCookies(page);
    await page.goto(`/plans/join?petId=${scene.joiner.petId}&planId=${scene.planId}`);
    await page
      .getByRole('checkbox', { name: new RegExp(`^I have read the terms of ${scene.planName} for Pip`) })
      .check();
    await page.getByRole('button', { name: 'Continue to set up your Direct Debit' }).click();
    // The provider's page, on its own address.
    await page.getByRole('heading', { level: 1, name: 'Set up a Direct Debit' }).waitFor();
    await shot(page, 'hosted-page-390');
    await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/plans/joined/'));
    await page.getByText(`Pip has joined ${scene.planName}`).waitFor();
    await checkBothWidths(page, 'joined');
    const joinedId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect.poll(() => feedCount('plan.joined', joinedId), { timeout: 15_000 }).toBe(1);

    // Cancelling Hazel's plan: press 1 opens what applies with the fee, press 2 cancels.
    await page.goto(`/pets/${scene.member.petId}`);
    const plan = page.getByRole('region', { name: scene.planName });
    await press(plan.getByRole('button', { name: 'Cancel Hazel’s plan' }));
    const dialog = page.getByRole('dialog', { name: 'Cancel Hazel’s plan?' });
    await dialog.getByText('Exit fee: £30.00.').waitFor();
    await checkBothWidths(page, 'cancel-dialog');
    await press(dialog.getByRole('button', { name: 'Cancel plan' }));
    await page.getByRole('dialog', { name: 'Hazel’s plan is cancelled' }).waitFor();
    await page.getByText(/with an exit fee of £30\.00/).waitFor();
    await expect
      .poll(() => feedCount('plan.cancelled', scene.member.membershipId), { timeout: 15_000 })
      .toBe(1);
    const [cancelled] = (await readFeed()).filter(
      (event) => event.type === 'plan.cancelled' && event.data['membership_id'] === scene.member.membershipId,
    );
    expect(cancelled?.data).toMatchObject({ exit_fee_pence: 3_000 });
  });
});
