// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ListedAppointment } from '@vet/contracts/appointments';
import { featureKeys } from '@vet/contracts/practice-rules';
import { buildAppointment, buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { createQueryClient } from '@/shared/query/query-client';
import { ToastProvider } from '@/shared/toast/toast-provider';
import { AppointmentsView } from './appointments-view';

vi.mock('@/shared/auth-session/session-client', () => ({
  useSession: () => ({ status: 'authenticated', data: {} }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

beforeEach(() => {
  document.cookie = 'OptanonConsent=true; Path=/';
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
  delete window.dataLayer;
});

/** The page with an API answering the profile, pets, toggles and these appointments (and `more`). */
function renderView(appointments: ListedAppointment[], more: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/bff/client/profile': buildProfile({ homePracticeId: 1 }),
    '/bff/appointments': appointments,
    '/bff/v2/pets': [buildPet()],
    '/bff/practices/1/feature-toggles': [],
    ...more,
  };
  const fetch = vi.fn((url: string) => Promise.resolve(Response.json(answers[url.split('?')[0]!] ?? [])));
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    getStorage: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiClientProvider client={api}>
        <ToastProvider>
          <AppointmentsView />
        </ToastProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

const tags = { application: 'clientPortalFE', version: '3.5.3' };

describe('AppointmentsView (/appointments): R1.7 on the list’s first load', () => {
  it('tracks Appointments Found with the count', async () => {
    renderView([buildAppointment({ appointmentId: 1 }), buildAppointment({ appointmentId: 2 })]);
    await waitFor(() =>
      expect(window.dataLayer).toEqual([
        { event: 'Appointments Found', count: 2, componentName: 'AppointmentsPage', ...tags },
      ]),
    );
  });

  it('names the vet the client chose in Upcoming, and “a vet” otherwise (decision 0141)', async () => {
    renderView([
      buildAppointment({
        appointmentId: 1,
        startsAt: '2030-05-02T10:00:00Z',
        petName: 'Pickle',
        reasonName: 'Dental check',
        clinicianType: 'Vet',
        clinicianName: 'Kirsty Doyle',
      }),
      buildAppointment({
        appointmentId: 2,
        startsAt: '2030-05-03T10:00:00Z',
        petName: 'Clover',
        reasonName: 'Dental check',
        clinicianType: 'Vet',
      }),
    ]);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await within(upcoming).findByText('Pickle: Dental check with Kirsty Doyle');
    within(upcoming).getByText('Clover: Dental check with a vet');
  });

  it('tracks Appointments Not Found when there are none', async () => {
    renderView([]);
    await waitFor(() =>
      expect(window.dataLayer).toEqual([
        { event: 'Appointments Not Found', componentName: 'AppointmentsPage', ...tags },
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your appointments' })).toBeTruthy();
  });
});

describe('AppointmentsView: waiting for an earlier time (decision 0086)', () => {
  it('shows each upcoming appointment’s place in the line from the list, asking once for all', async () => {
    const detail = (appointment: ListedAppointment) => ({
      ...appointment,
      notes: null,
      cancellationReasonId: null,
      cancelledAt: null,
      changeableUntil: '2030-05-01T10:00:00.000Z',
    });
    const waiting = buildAppointment({
      appointmentId: 1,
      petName: 'Pickle',
      startsAt: '2030-05-02T10:00:00Z',
      earlierTimes: { latestDate: '2030-04-20' },
    });
    const notWaiting = buildAppointment({
      appointmentId: 2,
      petName: 'Clover',
      startsAt: '2030-05-03T10:00:00Z',
    });
    const fetch = renderView([waiting, notWaiting], {
      '/bff/practices/1/feature-toggles': [{ featureKey: featureKeys.onlineBooking, value: 'True' }],
      '/bff/appointments/1': detail(waiting),
      '/bff/appointments/2': detail(notWaiting),
    });
    await screen.findByText(/We will e-mail you if an earlier time comes up for Pickle’s Nail clip, up to/);
    screen.getByRole('button', { name: 'Tell me if an earlier time comes up for Clover’s Nail clip' });
    const asked = fetch.mock.calls.map(([url]) => url.split('?')[0]!);
    expect(asked.filter((url) => url.endsWith('/earlier-times'))).toEqual([]);
    expect(asked.filter((url) => url === '/bff/appointments')).toHaveLength(1);
  });
});

describe('AppointmentsView: a pet that has died or has a new home (decision 0099)', () => {
  it('offers no Change or earlier time for its appointment that remains, only Cancel (0066)', async () => {
    const kept = buildAppointment({
      appointmentId: 3,
      petName: 'Biscuit',
      startsAt: '2030-05-02T10:00:00Z',
      petStatus: 'Deceased',
    });
    renderView([kept], {
      '/bff/practices/1/feature-toggles': [{ featureKey: featureKeys.onlineBooking, value: 'True' }],
      '/bff/appointments/3': {
        ...kept,
        notes: null,
        cancellationReasonId: null,
        cancelledAt: null,
        changeableUntil: '2030-05-01T10:00:00.000Z',
      },
    });
    await screen.findByText(/Biscuit is no longer with you, so this appointment cannot be moved online/);
    screen.getByRole('button', { name: /^Cancel Biscuit’s Nail clip/ });
    expect(screen.queryByRole('link', { name: /^Change / })).toBeNull();
    expect(screen.queryByRole('button', { name: /earlier time/ })).toBeNull();
  });
});

describe('AppointmentsView: a visit of several pets (decision 0117)', () => {
  it('changes the whole visit, and removes one pet with its own cancellation after a confirm', async () => {
    const visitId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const biscuit = buildAppointment({ appointmentId: 1, startsAt: '2030-05-02T10:00:00Z', visitId });
    const mango = buildAppointment({
      appointmentId: 2,
      petId: 5,
      petName: 'Mango',
      startsAt: '2030-05-02T10:15:00Z',
      visitId,
    });
    const detail = (appointment: ListedAppointment) => ({
      ...appointment,
      notes: null,
      cancellationReasonId: null,
      cancelledAt: null,
      changeableUntil: '2030-05-01T10:00:00.000Z',
    });
    const fetch = renderView([biscuit, mango], {
      '/bff/practices/1/feature-toggles': [{ featureKey: featureKeys.onlineBooking, value: 'True' }],
      '/bff/appointments/1': detail(biscuit),
      '/bff/appointments/2': detail(mango),
      '/bff/lookup/cancellation-reasons': [{ cancellationReasonId: 9, description: 'Feeling better' }],
      '/bff/appointments/1/cancel': { ...detail(biscuit), status: 'Cancelled' },
    });
    const change = await screen.findByRole('link', {
      name: /^Change visit of Biscuit and Mango \(Biscuit’s/,
    });
    expect(change.getAttribute('href')).toBe(`/appointments/book?change=1&visitId=${visitId}`);
    expect(screen.queryByRole('button', { name: /earlier time/ })).toBeNull();

    fireEvent.click(
      screen.getByRole('button', { name: /^Remove Biscuit from this visit \(Biscuit’s Nail clip on / }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Biscuit from this visit' });
    expect(dialog.textContent).toContain('Mango keeps its time.');
    const reason = await screen.findByRole('option', { name: 'Feeling better' });
    fireEvent.change(reason.closest('select')!, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Biscuit' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url.split('?')[0])).toContain('/bff/appointments/1/cancel'),
    );
    expect(fetch.mock.calls.some(([url]) => url.includes('/visits/'))).toBe(false);
    await screen.findByText('Biscuit has been removed from the visit.');
  });
});
