// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { HomePractice } from '@vet/contracts/home-practice';
import { afterEach, describe, expect, it } from 'vitest';
import { HomePracticeDetails } from './home-practice-details';

afterEach(cleanup);

const practice: HomePractice = {
  id: 7,
  name: 'Willowbrook Vets Kendal',
  addressLine1: '12 Market Street',
  addressLine2: null,
  town: 'Kendal',
  county: 'Cumbria',
  postcode: 'LA9 4QQ',
  phone: '01539 720 000',
  openingHours: [{ dayOfWeek: 4, opens: '08:30', closes: '18:00' }],
  closures: [
    { startsAt: '2026-11-26T14:00:00.000Z', endsAt: '2026-11-26T19:00:00.000Z', reason: 'Staff training' },
    { startsAt: '2026-12-25T00:00:00.000Z', endsAt: '2026-12-26T00:00:00.000Z', reason: null },
  ],
  ownerName: 'Willowbrook Veterinary Group Ltd',
  priceList: {
    lines: [
      {
        name: 'Consultation',
        prices: [{ band: null, amountPence: 4500, includes: 'A 15-minute examination' }],
      },
      { name: 'Nail clipping', prices: [{ band: 'dog_large', amountPence: 120000, includes: null }] },
    ],
    lastUpdated: '2026-11-02',
    vatIncluded: true,
  },
};

describe('HomePracticeDetails', () => {
  it('says who owns the practice and lists its prices, from, in pounds (decision 0104)', () => {
    render(
      <HomePracticeDetails practice={practice} today="2026-11-26" emergencyHref="https://vets.example/sos" />,
    );
    expect(screen.getByText('Owned by Willowbrook Veterinary Group Ltd')).toBeTruthy();
    const prices = screen.getByRole('region', { name: 'Prices' });
    const rows = within(prices)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'AnimalPrice',
      'ConsultationIncludes: A 15-minute examination',
      'Every animalFrom £45.00',
      'Nail clipping',
      'Dog (large)From £1,200.00',
    ]);
    expect(within(prices).getByText('Prices last updated 2 November 2026.')).toBeTruthy();
  });

  it('says it has not yet published prices when it has none, and names no owner it was not given', () => {
    render(
      <HomePracticeDetails
        practice={{
          ...practice,
          ownerName: null,
          priceList: { lines: [], lastUpdated: null, vatIncluded: true },
        }}
        today="2026-11-26"
        emergencyHref="https://vets.example/sos"
      />,
    );
    expect(screen.queryByText(/Owned by/)).toBeNull();
    const prices = screen.getByRole('region', { name: 'Prices' });
    expect(within(prices).getByText('This practice has not yet published its prices.')).toBeTruthy();
  });

  it('shows the address, a tap-to-call phone, an OpenStreetMap link and the emergency link', () => {
    render(
      <HomePracticeDetails practice={practice} today="2026-11-26" emergencyHref="https://vets.example/sos" />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Willowbrook Vets Kendal' })).toBeTruthy();
    expect(document.querySelector('address')?.textContent).toBe('12 Market StreetKendalCumbriaLA9 4QQ');
    const call = screen.getByRole('link', { name: 'Call Willowbrook Vets Kendal on 01539 720 000' });
    expect(call.getAttribute('href')).toBe('tel:01539720000');
    const map = screen.getByRole('link', { name: /OpenStreetMap/ });
    expect(map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=12%20Market%20Street%2C%20Kendal%2C%20LA9%204QQ',
    );
    expect(map.textContent).toContain('(opens in a new tab)');
    expect(map.getAttribute('target')).toBe('_blank');
    const emergency = screen.getByRole('link', { name: /24-hour emergency vets/ });
    expect(emergency.getAttribute('href')).toBe('https://vets.example/sos');
  });

  it('marks today in the week, with the part of it that is closed, and lists the closures', () => {
    render(
      <HomePracticeDetails practice={practice} today="2026-11-26" emergencyHref="https://vets.example/sos" />,
    );
    const rows = within(screen.getByRole('table', { name: /Opening hours/ })).getAllByRole('row');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'ThursdayToday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const thursday = rows[3];
    expect(thursday?.getAttribute('aria-current')).toBe('date');
    expect(thursday?.querySelector('td')?.textContent).toBe(
      '08:30 to 18:00Closed 14:00 to 18:00 today (Staff training)',
    );
    expect(rows[0]?.querySelector('td')?.textContent).toBe('Closed');
    const closures = within(
      screen.getByRole('region', { name: 'Closures in the next 8 weeks' }),
    ).getAllByRole('listitem');
    expect(closures.map((item) => item.textContent)).toEqual([
      'Thursday 26 November, 14:00 to 19:00Staff training',
      'Friday 25 December',
    ]);
  });

  it('says so when no closures are planned', () => {
    render(
      <HomePracticeDetails
        practice={{ ...practice, closures: [] }}
        today="2026-11-26"
        emergencyHref="https://vets.example/sos"
      />,
    );
    expect(screen.getByText('No closures are planned.')).toBeTruthy();
  });
});
