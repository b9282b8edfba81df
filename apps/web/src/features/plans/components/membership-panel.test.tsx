// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { CancellationQuote, PlanMembership } from '@vet/contracts/plans';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { MembershipPanel } from './membership-panel';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const membership = (overrides: Partial<PlanMembership> = {}): PlanMembership => ({
  id: 31,
  petId: 7,
  petName: 'Rex',
  planId: 4,
  planName: 'Healthy Dog Club',
  practiceId: 3,
  practiceName: 'Willowbrook Vets Clapham',
  status: 'active',
  billing: 'monthly',
  pricePence: 1_650,
  startedOn: '2026-06-01',
  renewsOn: '2027-06-01',
  nextPaymentOn: '2026-12-01',
  paymentFailedOn: null,
  mandateProblem: false,
  endedOn: null,
  endReason: null,
  exitFeePence: null,
  benefits: [
    {
      name: 'Vaccinations',
      kind: 'allowance',
      allowancePerYear: 2,
      discountPercent: null,
      reasonId: 5,
      vaccination: true,
      used: 1,
      left: 1,
    },
    {
      name: 'Everything else',
      kind: 'discount',
      allowancePerYear: null,
      discountPercent: 10,
      reasonId: null,
      vaccination: false,
      used: 0,
      left: null,
    },
  ],
  nextVaccination: { vaccine: 'DHP', dueOn: '2099-01-10', covered: true, reasonId: 5 },
  coveredReasonIds: [5],
  ...overrides,
});

const quote = (feePence: number, text: string): CancellationQuote => ({
  membershipId: 31,
  petName: 'Rex',
  planName: 'Healthy Dog Club',
  feePence,
  why: feePence === 0 ? 'cooling_off' : 'early_exit',
  text,
});

/** The panel against a stand-in API: GET answers `quotes` in turn; POST answers `answers` in turn. */
function renderPanel(value: PlanMembership, quotes: CancellationQuote[], answers: (() => Response)[] = []) {
  const posted: unknown[] = [];
  let reads = 0;
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      posted.push(JSON.parse(init.body as string));
      return Promise.resolve(answers.shift()?.() ?? Response.json(membership({ status: 'cancelled' })));
    }
    if (url.endsWith('/cancellation')) {
      const answer = quotes[Math.min(reads, quotes.length - 1)];
      reads += 1;
      return Promise.resolve(Response.json(answer));
    }
    return Promise.resolve(Response.json({ memberships: [], choices: [] }));
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <MembershipPanel membership={value} canBook />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return posted;
}

describe('MembershipPanel', () => {
  it('shows what is used and left, the next payment, renewal and the covered vaccination with Book it', () => {
    renderPanel(membership(), []);
    const benefits = screen.getByRole('table');
    expect(within(benefits).getByRole('row', { name: /Vaccinations 1 used, 1 left/ })).toBeTruthy();
    expect(within(benefits).getByRole('row', { name: /Everything else 10% off/ })).toBeTruthy();
    expect(screen.getByText('£16.50 on 1 December 2026')).toBeTruthy();
    expect(screen.getByText('1 June 2027')).toBeTruthy();
    expect(screen.getByText(/DHP, due 10 January 2099 \(covered by your plan\)/)).toBeTruthy();
    const book = screen.getByRole('link', { name: /Book it/ });
    expect(book.getAttribute('href')).toBe('/appointments/book?petId=7&reasonId=5');
  });

  it('says plainly that the Direct Debit failed at the bank', () => {
    renderPanel(membership({ mandateProblem: true }), []);
    expect(screen.getByRole('alert').textContent).toMatch(
      /Direct Debit .* was cancelled or failed at the bank/,
    );
  });

  it('cancels in two presses with the fee shown, sending the fee shown', async () => {
    const posted = renderPanel(membership(), [quote(3_000, 'You are within the minimum term.')]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Rex’s plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Rex’s plan?' });
    expect(await within(dialog).findByText('You are within the minimum term.')).toBeTruthy();
    expect(within(dialog).getByText('Exit fee: £30.00.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await screen.findByText(/has ended for Rex, with an exit fee of £30.00/)).toBeTruthy();
    expect(posted).toEqual([{ feePence: 3_000 }]);
  });

  it('shows the new quote when the fee changed meanwhile (409), and sends that one on the next press', async () => {
    const conflict = () =>
      Response.json({ statusCode: 409, error: 'Conflict', message: 'The fee changed.' }, { status: 409 });
    const posted = renderPanel(
      membership(),
      [quote(0, 'You are within the cooling-off period.'), quote(3_000, 'The cooling-off period has ended.')],
      [conflict],
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Rex’s plan' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nothing to pay.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(dialog).findByText(/What applies changed/)).toBeTruthy();
    expect(await within(dialog).findByText('Exit fee: £30.00.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await screen.findByText(/with an exit fee of £30.00/)).toBeTruthy();
    expect(posted).toEqual([{ feePence: 0 }, { feePence: 3_000 }]);
  });
});
