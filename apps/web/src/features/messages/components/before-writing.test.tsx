// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { MessagingPractice } from '@vet/contracts/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { BeforeWriting } from './before-writing';

afterEach(cleanup);

const practice: MessagingPractice = {
  id: 1,
  name: 'Willowbrook Vets Clapham',
  phone: '020 7946 0123',
  answerWithinHours: 4,
  openingHours: [{ dayOfWeek: 1, opensAt: '08:00', closesAt: '18:00' }],
  openNow: false,
};
const emergency = 'https://vets.example/emergency';

describe('BeforeWriting', () => {
  it('says to call when urgent, with the number and the emergency vets, then the answer time and hours', () => {
    render(<BeforeWriting practice={practice} emergencyHref={emergency} />);
    screen.getByText(/^Messages are not for emergencies\./);
    const call = screen.getByRole('link', { name: 'Call Willowbrook Vets Clapham on 020 7946 0123' });
    expect(call.getAttribute('href')).toBe('tel:02079460123');
    expect(screen.getByRole('link', { name: /24-hour emergency vets/ }).getAttribute('href')).toBe(emergency);
    screen.getByText(/answers messages within 4 opening hours\. The practice is closed now/);
    screen.getByRole('rowheader', { name: 'Monday' });
    expect(screen.getByRole('row', { name: 'Sunday Closed' })).toBeTruthy();
  });

  it('gives only the call advice when the practice takes no messages online', () => {
    render(<BeforeWriting practice={{ ...practice, answerWithinHours: null }} emergencyHref={emergency} />);
    screen.getByText(/does not take messages online/);
    expect(
      screen.getAllByRole('link', { name: 'Call Willowbrook Vets Clapham on 020 7946 0123' }),
    ).not.toHaveLength(0);
    expect(screen.queryByText(/answers messages within/)).toBeNull();
    expect(screen.queryByText('Opening hours')).toBeNull();
  });
});
