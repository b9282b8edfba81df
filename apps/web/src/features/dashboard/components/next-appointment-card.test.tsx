// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it } from 'vitest';
import { NextAppointmentCard, type NextAppointmentCardProps } from './next-appointment-card';

afterEach(cleanup);

const appointment = buildAppointment({
  petName: 'Biscuit',
  practiceName: 'Willowbrook Vets Clapham',
  reasonName: 'Nail clip',
  clinicianType: 'Nurse',
  startsAt: '2026-11-24T10:30:00Z',
});

function renderCard(props: Partial<NextAppointmentCardProps>) {
  render(<NextAppointmentCard appointment={undefined} error={false} {...props} />);
  return screen.getByRole('region', { name: 'Your next appointment' });
}

describe('NextAppointmentCard', () => {
  it('shows the pet, the reason, the practice and the UK date and time', () => {
    const card = renderCard({ appointment });
    expect(card.textContent).toContain('Tuesday 24 November 2026, 10:30');
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-24T10:30:00Z');
    expect(card.textContent).toContain('Nail clip for Biscuit');
    expect(card.textContent).toContain('Willowbrook Vets Clapham · With a nurse');
    expect(screen.getByRole('link', { name: 'See all your appointments' }).getAttribute('href')).toBe(
      '/appointments',
    );
  });

  it('says there is nothing booked when there is no upcoming appointment', () => {
    expect(renderCard({}).textContent).toContain('You have no upcoming appointments.');
  });

  it('says when the appointments could not be loaded, with a link that loads the dashboard again', () => {
    renderCard({ error: true });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load your appointments.');
    expect(within(alert).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/');
  });
});
