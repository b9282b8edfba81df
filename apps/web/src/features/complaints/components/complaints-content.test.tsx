// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ComplaintPractice } from './complaint-practice';
import { ComplaintsContent } from './complaints-content';

afterEach(cleanup);

const clapham: ComplaintPractice = {
  id: 1,
  name: 'Clapham Vets',
  phone: '020 7946 0001',
  addressLine1: '1 High Street',
  addressLine2: null,
  town: 'London',
  postcode: 'SW4 0AA',
  ownerName: 'Harbour Vets Group Ltd',
};
const brixton: ComplaintPractice = { ...clapham, id: 2, name: 'Brixton Vets', ownerName: null };

const headings = () => screen.getAllByRole('heading').map((heading) => heading.textContent);

describe('ComplaintsContent (decision 0143)', () => {
  it("shows a guest the process, every practice's contact and owner, then the VCMS", () => {
    render(<ComplaintsContent practices={[clapham, brixton]} />);
    expect(headings()).toEqual([
      'How to complain',
      'Our practices',
      'Clapham Vets',
      'Brixton Vets',
      'If we cannot resolve it: the Veterinary Client Mediation Service',
    ]);
    expect(screen.getByText(/acknowledge your complaint within 3 working days/)).toBeTruthy();
    expect(screen.getByText(/full written answer within 20 working days/)).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Clapham Vets' });
    expect(within(card).getByText('Clapham Vets is owned by Harbour Vets Group Ltd.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Call Clapham Vets on 020 7946 0001' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Brixton Vets' })).queryByText(/owned by/)).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'the Veterinary Client Mediation Service website' })
        .getAttribute('href'),
    ).toBe('https://www.vetmediation.co.uk/clients/');
    expect(screen.getByRole('link', { name: '0345 040 5834' }).getAttribute('href')).toBe('tel:03450405834');
  });

  it("puts a signed-in client's home practice first and not again among the others", () => {
    render(<ComplaintsContent homePractice={brixton} practices={[clapham, brixton]} />);
    expect(headings().slice(0, 5)).toEqual([
      'How to complain',
      'Your practice',
      'Brixton Vets',
      'Our other practices',
      'Clapham Vets',
    ]);
    expect(screen.getAllByRole('article', { name: 'Brixton Vets' })).toHaveLength(1);
  });

  it('says to call the practice when the list cannot be had', () => {
    render(<ComplaintsContent practices={undefined} />);
    expect(screen.getByText(/cannot be shown just now: please call your practice/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '0345 040 5834' })).toBeTruthy();
  });
});
