// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { BillSummary, BillsPage } from '@vet/contracts/bills';
import { buildProfile } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { BillsView } from './bills-view';

vi.mock('@/shared/auth-session/session-client', () => ({
  useSession: () => ({ status: 'authenticated', data: {} }),
}));
const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

afterEach(() => {
  cleanup();
  router.push.mockClear();
});

const common = {
  title: null,
  petNames: ['Bramble'],
  clinicianName: null,
  vatPence: 0,
  practiceName: 'Willowbrook',
};
const estimate = (id: number, issuedOn: string): BillSummary => ({
  ...common,
  kind: 'estimate',
  id,
  issuedOn,
  title: `Dental ${id}`,
  totalPence: 62_400,
  state: 'needsAnswer',
  expiresOn: null,
});
const invoice = (id: number, issuedOn: string): BillSummary => ({
  ...common,
  kind: 'invoice',
  id,
  issuedOn,
  totalPence: 8_000,
  state: 'unpaid',
  duePence: 8_000,
});
const pets = [
  { id: 3, name: 'Bramble' },
  { id: 4, name: 'Pickle' },
];

/** /bills against a stand-in API answering pages by cursor; returns the URLs asked for bills. */
function renderBills(pages: Record<string, BillsPage>, petId: number | null = null) {
  const asked: string[] = [];
  const fetch = vi.fn((url: string) => {
    if (url.startsWith('/bff/client/profile')) return Promise.resolve(Response.json(buildProfile()));
    asked.push(url);
    const cursor = new URL(url, 'http://portal').searchParams.get('cursor') ?? 'first';
    return Promise.resolve(Response.json(pages[cursor]));
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider
        client={createApiClient({
          fetch: fetch as unknown as typeof globalThis.fetch,
          getStorage: () => undefined,
        })}
      >
        <BillsView petId={petId} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return asked;
}

describe('BillsView (/bills, issue 63)', () => {
  it('lists each bill and estimate as a link to its page, with its state in words, and shows more by cursor', async () => {
    const asked = renderBills({
      first: { items: [estimate(41, '2026-11-20'), invoice(9, '2026-11-02')], nextCursor: 'c2', pets },
      c2: { items: [invoice(8, '2026-10-01')], nextCursor: null, pets },
    });
    const first = await screen.findByRole('link', { name: 'Estimate: Dental 41' });
    expect(first.getAttribute('href')).toBe('/bills/estimates/41');
    const row = (name: string) => screen.getByRole('listitem', { name });
    expect(within(row('Estimate: Dental 41')).getByText('Needs your answer')).toBeTruthy();
    expect(
      within(row('Estimate: Dental 41')).getByText(/20 November 2026 · Willowbrook · Bramble/),
    ).toBeTruthy();
    // A bill the practice system gave no title is named by its date.
    expect(screen.getByRole('link', { name: 'Bill of 2 November 2026' }).getAttribute('href')).toBe(
      '/bills/invoices/9',
    );
    expect(screen.getByText('Unpaid £80.00 due')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Bill of 1 October 2026' });
    expect(asked).toEqual(['/bff/v2/bills', '/bff/v2/bills?cursor=c2']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('filters by pet through the URL, and asks the API for that pet', async () => {
    const asked = renderBills({ first: { items: [estimate(41, '2026-11-20')], nextCursor: null, pets } }, 3);
    await screen.findByRole('option', { name: 'Pickle' });
    const select = screen.getByRole('combobox', { name: 'Show bills for' });
    expect((select as HTMLSelectElement).value).toBe('3');
    expect(asked).toEqual(['/bff/v2/bills?petId=3']);
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(router.push).toHaveBeenCalledWith('/bills?pet=4');
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(router.push).toHaveBeenLastCalledWith('/bills');
  });

  it('says what will appear here when there is nothing yet', async () => {
    renderBills({ first: { items: [], nextCursor: null, pets: [] } });
    expect(await screen.findByText(/When your practice sends you an estimate for treatment/)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
