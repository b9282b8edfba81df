// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { buildAppointment, buildPet, buildProfile } from '@vet/contracts/testing/builders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardOverview } from './dashboard-overview';

const server = vi.hoisted(() => ({
  profile: vi.fn(),
  pets: vi.fn(),
  appointments: vi.fn(),
  toggles: vi.fn(),
  bills: vi.fn(),
  plans: vi.fn(),
}));
vi.mock('@/features/profile/api/get-profile-on-server', () => ({ getProfileOnServer: server.profile }));
vi.mock('@/features/pets/api/get-pets-on-server', () => ({ getPetsOnServer: server.pets }));
vi.mock('@/features/appointments/api/get-appointments-on-server', () => ({
  getAppointmentsOnServer: server.appointments,
}));
vi.mock('@/features/practices/api/get-feature-toggles-on-server', () => ({
  getFeatureTogglesOnServer: server.toggles,
}));
vi.mock('@/features/bills/api/bills-on-server', () => ({ getBillsSummaryOnServer: server.bills }));
vi.mock('@/features/plans/api/plans-on-server', () => ({ getPlanMembershipsOnServer: server.plans }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

beforeEach(() => {
  Object.values(server).forEach((getter) => getter.mockReset());
  server.profile.mockResolvedValue(
    buildProfile({ activationStatus: 'COMPLETED', firstName: 'Olivia', homePracticeId: 7 }),
  );
  server.toggles.mockResolvedValue([]);
});
afterEach(cleanup);

/** The dashboard as the server draws it (an async server component), rendered as the browser gets it. */
async function renderDashboard() {
  const element = await DashboardOverview();
  if (element) render(element);
  return element;
}

describe('DashboardOverview, drawn on the server', () => {
  it('greets the client and shows the next appointment and the pets in the first HTML', async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    server.appointments.mockResolvedValue([
      buildAppointment({ petName: 'Biscuit', reasonName: 'Nail clip', startsAt: soon, status: 'Booked' }),
    ]);
    server.pets.mockResolvedValue([buildPet({ name: 'Biscuit' })]);

    await renderDashboard();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Olivia');
    expect(screen.getByRole('region', { name: 'Your next appointment' }).textContent).toContain(
      'Nail clip for Biscuit',
    );
    expect(within(screen.getByRole('region', { name: 'Your pets' })).getAllByRole('article')).toHaveLength(1);
    // The actions' outcomes were decided on the server (booking is off without the practice's settings).
    expect(screen.getByRole('button', { name: 'Book an appointment' })).not.toBeNull();
    expect(server.toggles).toHaveBeenCalledWith(7);
  });

  it('says which part the API could not give, with a link that loads the dashboard again', async () => {
    server.appointments.mockResolvedValue(undefined);
    server.pets.mockResolvedValue(undefined);

    await renderDashboard();

    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('We could not load your appointments.'),
      expect.stringContaining('We could not load your pets.'),
    ]);
    for (const alert of alerts) {
      expect(within(alert).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/');
    }
  });

  it('draws nothing for someone not linked yet (the activation guard sends them on) and asks for nothing more', async () => {
    server.profile.mockResolvedValue(buildProfile({ activationStatus: 'NOT_STARTED' }));
    expect(await renderDashboard()).toBeNull();
    expect(server.appointments).not.toHaveBeenCalled();
    expect(server.pets).not.toHaveBeenCalled();
    expect(server.bills).not.toHaveBeenCalled();
  });

  it('shows an estimate waiting for an answer and an unpaid bill, each a link to its page (issue 63)', async () => {
    server.appointments.mockResolvedValue([]);
    server.pets.mockResolvedValue([]);
    server.bills.mockResolvedValue({
      estimatesToAnswer: [{ id: 41, title: 'Dental under anaesthetic', totalPence: 62_400 }],
      unpaidBills: [{ id: 9, title: null, duePence: 8_050 }],
    });

    await renderDashboard();

    const region = screen.getByRole('region', { name: 'Bills and estimates' });
    expect(Array.from(region.querySelectorAll('li'), (item) => item.textContent)).toEqual([
      'Dental under anaesthetic: £624.00 needs your answer',
      'Bill: £80.50 to pay',
    ]);
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/bills/estimates/41', '/bills/invoices/9', '/bills']);
  });

  it('says nothing of bills when none waits, or when the API could not say', async () => {
    server.appointments.mockResolvedValue([]);
    server.pets.mockResolvedValue([]);
    for (const summary of [{ estimatesToAnswer: [], unpaidBills: [] }, undefined]) {
      server.bills.mockResolvedValue(summary);
      await renderDashboard();
      expect(screen.queryByRole('region', { name: 'Bills and estimates' })).toBeNull();
      cleanup();
    }
  });

  it('shows each live health plan with its pet, next payment and renewal, a problem said (issue 65)', async () => {
    server.appointments.mockResolvedValue([]);
    server.pets.mockResolvedValue([]);
    const membership = {
      id: 31,
      petId: 7,
      petName: 'Hazel',
      planName: 'Healthy Pet Club',
      practiceName: 'Willowbrook Vets Didsbury',
      status: 'active',
      pricePence: 1_650,
      renewsOn: '2027-06-01',
      nextPaymentOn: '2026-12-01',
      paymentFailedOn: null,
      mandateProblem: false,
    };
    server.plans.mockResolvedValue([
      membership,
      { ...membership, id: 32, petId: 8, petName: 'Pip', mandateProblem: true },
      { ...membership, id: 33, petName: 'Bonnie', status: 'cancelled' },
    ]);

    await renderDashboard();

    const region = screen.getByRole('region', { name: 'Health plans' });
    const items = Array.from(region.querySelectorAll('li'), (item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toBe(
      'Hazel: Healthy Pet ClubNext payment £16.50 on 1 December 2026. Renews 1 June 2027.',
    );
    expect(items[1]).toMatch(/^Pip: Healthy Pet Club.*cancelled or failed at the bank/);
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/pets/7', '/pets/8']);
  });
});
