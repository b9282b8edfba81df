// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PracticePrices } from '@vet/contracts/practice-prices';
import { buildPractice } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it } from 'vitest';
import { PracticeList, type ListedPractice } from './practice-list';

const harbour = buildPractice({
  id: 1,
  name: 'Harbour Road Veterinary Centre',
  phone: '01632 960123',
  addressLine1: '12 Harbour Road',
  town: 'Portsmouth',
  postcode: 'PO1 3AA',
});
const quayside = buildPractice({
  id: 2,
  name: 'Quayside Vets',
  phone: '01632 960456',
  addressLine1: 'Unit 4, The Quay',
  addressLine2: 'Gunwharf',
  town: 'Portsmouth',
  postcode: 'PO1 3TZ',
  onlineRegistrationAvailable: false,
});
const harbourPrices: PracticePrices = {
  ownerName: 'Harbour Veterinary Group Ltd',
  writtenPrescriptionFees: { firstPence: 2100, furtherPence: 1250 },
  reasons: [],
  priceList: {
    lines: [
      {
        name: 'Cat neutering',
        prices: [{ band: 'cat', amountPence: 10100, includes: 'The operation and a check-up' }],
      },
      { name: 'General consultation', prices: [{ band: null, amountPence: 5100, includes: null }] },
    ],
    lastUpdated: '2026-11-02',
    vatIncluded: true,
  },
};
const practices: ListedPractice[] = [
  { practice: harbour, prices: harbourPrices },
  {
    practice: quayside,
    prices: {
      ownerName: null,
      writtenPrescriptionFees: { firstPence: 2100, furtherPence: 1250 },
      reasons: [],
      priceList: { lines: [], lastUpdated: null, vatIncluded: true },
    },
  },
];

/** The lines of a practice card's address, as its line breaks separate them. */
const addressLines = (card: HTMLElement) =>
  Array.from(card.querySelector('address')?.childNodes ?? [])
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent);

const card = (name: string) => screen.getByRole('article', { name });

afterEach(cleanup);

describe('PracticeList (drawn on the server)', () => {
  it('lists each practice with its name as a heading, address and a tap-to-call link', () => {
    render(<PracticeList practices={practices} />);

    const list = screen.getByRole('list', { name: 'Practices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Harbour Road Veterinary Centre',
      'Quayside Vets',
    ]);
    const call = screen.getByRole('link', { name: 'Call Quayside Vets on 01632 960456' });
    expect(call.getAttribute('href')).toBe('tel:01632960456');
    expect(addressLines(card('Quayside Vets'))).toEqual([
      'Unit 4, The Quay',
      'Gunwharf',
      'Portsmouth',
      'PO1 3TZ',
    ]);
    expect(addressLines(card('Harbour Road Veterinary Centre'))).toEqual([
      '12 Harbour Road',
      'Portsmouth',
      'PO1 3AA',
    ]);
  });

  it('names the owner the group records, and nothing where it records none (decision 0104)', () => {
    render(<PracticeList practices={practices} />);

    expect(within(card('Harbour Road Veterinary Centre')).getByText(/^Owned by/).textContent).toBe(
      'Owned by Harbour Veterinary Group Ltd',
    );
    expect(within(card('Quayside Vets')).queryByText(/^Owned by/)).toBeNull();
  });

  it('folds each price list into a disclosure named with its practice, "from" prices in pounds', () => {
    render(<PracticeList practices={practices} />);

    const harbourCard = card('Harbour Road Veterinary Centre');
    const summary = within(harbourCard).getByText('Prices', { exact: false, selector: 'summary' });
    expect(summary.textContent).toBe('Prices at Harbour Road Veterinary Centre');
    const rows = within(harbourCard)
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'AnimalPrice',
      'Cat neuteringIncludes: The operation and a check-up',
      'CatFrom £101.00',
      'General consultation',
      'Every animalFrom £51.00',
    ]);
    expect(within(harbourCard).getByText('Prices last updated 2 November 2026.')).toBeTruthy();
    expect(
      within(card('Quayside Vets')).getByText('This practice has not yet published its prices.'),
    ).toBeTruthy();
  });

  it('says the prices could not be shown when the API gave none for it', () => {
    render(<PracticeList practices={[{ practice: harbour, prices: undefined }]} />);

    const harbourCard = card('Harbour Road Veterinary Centre');
    expect(
      within(harbourCard).getByText('The prices could not be shown just now. Please try again later.'),
    ).toBeTruthy();
    expect(within(harbourCard).queryByText(/^Owned by/)).toBeNull();
  });

  it('marks only the practices where online registration is unavailable', () => {
    render(<PracticeList practices={practices} />);

    const chip = (element: HTMLElement) => element.querySelector('.StatusChip-label')?.textContent ?? null;
    expect(chip(card('Quayside Vets'))).toBe('Online registration unavailable');
    expect(chip(card('Harbour Road Veterinary Centre'))).toBeNull();
  });

  it('says so when no practice is online', () => {
    render(<PracticeList practices={[]} />);

    expect(screen.getByText(/^No practices offer online services/).textContent).toBe(
      'No practices offer online services at the moment. Please call your practice.',
    );
    expect(screen.queryByRole('list', { name: 'Practices' })).toBeNull();
  });

  it('shows an error whose Retry loads the page again, a link that needs no script', () => {
    render(<PracticeList practices={undefined} />);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load the list of practices');
    expect(within(alert).getByRole('link', { name: 'Retry' }).getAttribute('href')).toBe('/practices');
  });
});
