// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import type { HealthPlan } from '@vet/contracts/plans';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { JoinPlanForm } from './join-plan-form';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plan: HealthPlan = {
  id: 4,
  practiceId: 3,
  name: 'Healthy Dog Club',
  description: null,
  species: ['Dog'],
  speciesIds: [1],
  minAgeMonths: 0,
  maxAgeMonths: null,
  monthlyPence: 1_650,
  yearlyPence: 18_000,
  nextPrice: null,
  minimumTermMonths: 12,
  coolingOffDays: 14,
  earlyExitFeePence: 3_000,
  exitTerms: null,
  renewalTerms: null,
  benefits: [
    {
      name: 'Vaccinations',
      kind: 'allowance',
      allowancePerYear: 2,
      discountPercent: null,
      reasonId: 5,
      vaccination: true,
    },
  ],
};

function renderForm() {
  const posted: unknown[] = [];
  const fetch = vi.fn((_url: string, init: RequestInit = {}) => {
    posted.push(JSON.parse(init.body as string));
    return Promise.resolve(
      Response.json({ membershipId: 31, redirectUrl: 'https://pay.example.test/flow/BRQ1' }, { status: 201 }),
    );
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <JoinPlanForm pet={{ petId: 7, name: 'Rex' }} plan={plan} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { posted, assign };
}

describe('JoinPlanForm', () => {
  it('shows the pre-contract information: price, minimum term, renewal, cooling-off and how to leave', () => {
    renderForm();
    for (const term of ['Price', 'Minimum term', 'Renewal', 'Cooling-off period', 'How to leave']) {
      expect(screen.getByText(term)).toBeTruthy();
    }
    expect(screen.getByText(/£16.50 a month, or £180.00 a year, VAT included/)).toBeTruthy();
    expect(screen.getByText(/14 days from the day you join/)).toBeTruthy();
    expect(screen.getByText(/costs £30.00/)).toBeTruthy();
  });

  it('asks for the tick first, then sends the billing chosen and goes to the provider’s page', async () => {
    const { posted, assign } = renderForm();
    const submit = screen.getByRole('button', { name: 'Continue to set up your Direct Debit' });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Confirm you have read the plan’s terms.');
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByLabelText(/Yearly: £180.00 a year/));
    fireEvent.click(
      screen.getByRole('checkbox', { name: /I have read the terms of Healthy Dog Club for Rex/ }),
    );
    fireEvent.click(submit);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example.test/flow/BRQ1'));
    expect(posted).toEqual([{ petId: 7, planId: 4, billing: 'yearly', termsAccepted: true }]);
  });
});
