// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionOutcome } from '@/shared/actions/action-rules';
import { DashboardActions, type DashboardActionsProps } from './dashboard-actions';

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

afterEach(() => {
  cleanup();
  router.push.mockClear();
});

const go = (href: string): ActionOutcome => ({ kind: 'navigate', href });
const practice = { name: 'Willowbrook Vets Bath', phone: '01632 960004' };

function renderActions(props: Partial<DashboardActionsProps>) {
  render(
    <DashboardActions
      booking={go('/appointments/book')}
      registration={go('/pets/register')}
      practice={practice}
      {...props}
    />,
  );
}

/** Presses the action; the dialog shows once its code has loaded (it loads on first open). */
function openDialog(action: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: title });
}

describe('DashboardActions', () => {
  it('links each allowed action to its page', () => {
    renderActions({});
    const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(link('Book an appointment')).toBe('/appointments/book');
    expect(link('Register a pet')).toBe('/pets/register');
    expect(link('Update your details')).toBe('/client-detail');
    expect(link('Your practice')).toBe('/your-practice');
  });

  it('explains that online booking is unavailable, with the practice to call, and closes on OK', async () => {
    renderActions({ booking: { kind: 'dialog', dialog: 'booking-unavailable' } });
    const dialog = await openDialog('Book an appointment', 'Online appointment booking unavailable');
    expect(dialog.textContent).toContain(
      'Online appointment booking is currently unavailable. Please contact your practice.',
    );
    expect(within(dialog).getByRole('link', { name: '01632 960004' }).getAttribute('href')).toBe(
      'tel:01632960004',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.push).not.toHaveBeenCalled();
  });

  it('explains that pet registration is unavailable', async () => {
    renderActions({ registration: { kind: 'dialog', dialog: 'registration-unavailable' } });
    const dialog = await openDialog('Register a pet', 'New pet registration unavailable');
    expect(dialog.textContent).toContain(
      'New pet registration is currently unavailable. Please contact your practice.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['OK']);
  });

  it('asks a client without pets to register one, and takes them there', async () => {
    renderActions({ booking: { kind: 'dialog', dialog: 'register-your-pet' } });
    const dialog = await openDialog('Book an appointment', 'Register your pet');
    expect(dialog.textContent).toContain('To book an appointment with us, please register your pet.');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Register your pet']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register your pet' }));
    expect(router.push).toHaveBeenCalledWith('/pets/register');
  });

  it('explains the initial consultation when the only pet awaits it', async () => {
    renderActions({ booking: { kind: 'dialog', dialog: 'awaiting-initial-consultation' } });
    const dialog = await openDialog('Book an appointment', 'Booking unavailable');
    expect(dialog.textContent).toContain(
      'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
    );
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});
