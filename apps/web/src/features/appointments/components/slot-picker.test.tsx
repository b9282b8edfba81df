// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { slotDays } from '@/features/appointments/slot-days';
import { SlotPicker } from './slot-picker';

afterEach(cleanup);

const slot = (startsAt: string) => ({ startsAt, endsAt: startsAt });
const days = slotDays('2026-11-30', '2026-12-02', [
  slot('2026-12-01T09:30:00Z'),
  slot('2026-12-01T09:45:00Z'),
]);

function renderPicker(value: string | null = null, onChange = vi.fn()) {
  render(<SlotPicker days={days} clinicianType="Vet" value={value} onChange={onChange} />);
  return onChange;
}

describe('SlotPicker', () => {
  it('opens on the first day with times, each time named in full', () => {
    const onChange = renderPicker();
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Mon 30 Nov, none',
      'Tue 1 Dec, 2 free',
      'Wed 2 Dec, none',
    ]);
    expect(screen.getByRole('tab', { selected: true }).getAttribute('aria-label')).toMatch(/^Tue 1 Dec/);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Tuesday 1 December, 09:30, with a vet',
      'Tuesday 1 December, 09:45, with a vet',
    ]);
    expect(screen.getByText('Times on Tuesday 1 December (UK time, GMT)')).toBeTruthy();
    fireEvent.click(radios[1] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(days[1]?.slots[1]);
  });

  it('says when a day has no times, and offers the next that has', () => {
    renderPicker();
    fireEvent.click(screen.getByRole('tab', { name: /^Mon 30 Nov/ }));
    expect(screen.getByText('No times are free on Monday 30 November.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Tuesday 1 December' }));
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('shows the chosen time checked', () => {
    renderPicker('2026-12-01T09:45:00Z');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /09:45/ }).checked).toBe(true);
  });
});
