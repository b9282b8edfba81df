// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { noPriceText } from '@vet/contracts/money';
import { buildAppointment } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it } from 'vitest';
import { BookedAppointments } from './booked-appointments';

afterEach(cleanup);

const detail = (overrides: Parameters<typeof buildAppointment>[0]): AppointmentDetail => ({
  ...buildAppointment(overrides),
  notes: null,
  cancellationReasonId: null,
  cancelledAt: null,
  changeableUntil: '2030-05-01T09:00:00.000Z',
  price: null,
});

/** The last step of a booking and of a visit (decision 0117) say what each said before they shared it. */
describe('BookedAppointments', () => {
  it('says one appointment’s time, and its calendar file spans it', () => {
    const one = detail({ petName: 'Biscuit', startsAt: '2030-05-02T09:00:00Z' });
    render(<BookedAppointments heading="Your appointment is booked" appointments={[one]} />);
    screen.getByRole('heading', { name: 'Your appointment is booked' });
    screen.getByText('Biscuit is booked in at 10:00 UK time. We have e-mailed you the details.');
    const calendar = decodeURIComponent(
      screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')!,
    );
    expect(calendar).toContain('DTEND:20300502T091500Z');
  });

  it('says who sees the pet: the vet the client named, else the type (decision 0141)', () => {
    const seenBy = () => screen.getByText('Seen by').nextElementSibling?.textContent;
    const named = detail({ clinicianType: 'Vet', clinicianName: 'Kirsty Doyle' });
    render(<BookedAppointments heading="Your appointment is booked" appointments={[named]} />);
    expect(seenBy()).toBe('Kirsty Doyle');
    const calendar = decodeURIComponent(
      screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')!,
    );
    expect(calendar).toContain('with Kirsty Doyle at');
    cleanup();
    render(
      <BookedAppointments
        heading="Your appointment is booked"
        appointments={[detail({ clinicianType: 'Vet' })]}
      />,
    );
    expect(seenBy()).toBe('Vet');
  });

  it('says each pet’s time in a visit, names them all, and spans the calendar file to the last end', () => {
    const first = detail({ petName: 'Biscuit', startsAt: '2030-05-02T09:00:00Z' });
    const second = detail({ petName: 'Mango', startsAt: '2030-05-02T09:15:00Z' });
    render(<BookedAppointments heading="Your visit has been changed" appointments={[first, second]} />);
    screen.getByRole('heading', { name: 'Your visit has been changed' });
    screen.getByText('Biscuit at 10:00, then Mango at 10:15 UK time. We have e-mailed you the details.');
    screen.getByText('Biscuit and Mango');
    const calendar = decodeURIComponent(
      screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')!,
    );
    expect(calendar).toContain('DTSTART:20300502T090000Z');
    expect(calendar).toContain('DTEND:20300502T093000Z');
  });

  it('says the price each appointment was quoted: once when a visit’s agree, per pet when not (issue 62)', () => {
    const quoted = (amountPence: number) => ({ amountPence, includes: null });
    const one = { ...detail({ petName: 'Biscuit' }), price: quoted(5400) };
    render(<BookedAppointments heading="Your appointment is booked" appointments={[one]} />);
    screen.getByText('Price: From £54.00');
    cleanup();
    const cat = { ...detail({ petName: 'Tiddles' }), price: quoted(3900) };
    render(<BookedAppointments heading="Your visit is booked" appointments={[one, cat]} />);
    screen.getByText('Price: Biscuit From £54.00 · Tiddles From £39.00');
    cleanup();
    render(
      <BookedAppointments
        heading="Your appointment is booked"
        appointments={[detail({ petName: 'Biscuit' })]}
      />,
    );
    screen.getByText(noPriceText);
  });
});
