// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoldCountdown } from './hold-countdown';

const start = new Date('2026-11-23T10:00:00Z');
const expiresAt = '2026-11-23T10:15:00Z';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCountdown(extensionsLeft = 3) {
  const onExtend = vi.fn();
  const onEnded = vi.fn();
  render(
    <HoldCountdown
      expiresAt={expiresAt}
      extensionsLeft={extensionsLeft}
      extending={false}
      onExtend={onExtend}
      onEnded={onEnded}
    />,
  );
  return { onExtend, onEnded };
}

const announced = () => screen.getByRole('status').textContent;
const advanceTo = (iso: string) =>
  act(() => {
    vi.advanceTimersByTime(Date.parse(iso) - Date.now());
  });

describe('HoldCountdown', () => {
  it('shows the end time and the minutes left, announcing nothing while there is time', () => {
    renderCountdown();
    expect(screen.getByText(/about 15 minutes left/)).toBeTruthy();
    expect(announced()).toBe('');
    advanceTo('2026-11-23T10:06:00Z');
    expect(screen.getByText(/about 9 minutes left/)).toBeTruthy();
    expect(announced()).toBe('');
  });

  it('announces 5 minutes left, then warns at 2 minutes with more time on offer, then the end', () => {
    const { onExtend, onEnded } = renderCountdown();
    advanceTo('2026-11-23T10:10:00Z');
    expect(announced()).toBe('Your hold on this time has 5 minutes left.');
    advanceTo('2026-11-23T10:13:00Z');
    expect(announced()).toBe(
      'Your hold on this time ends in less than 2 minutes. You can hold it for 15 more minutes.',
    );
    expect(screen.getByText('Your hold is about to end')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hold for 15 more minutes' }));
    expect(onExtend).toHaveBeenCalledOnce();
    expect(onEnded).not.toHaveBeenCalled();
    advanceTo('2026-11-23T10:15:05Z');
    expect(announced()).toBe('Your hold on this time has ended.');
    expect(onEnded).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Hold for 15 more minutes' })).toBeNull();
  });

  it('offers no more time once the extensions are used up, and says so', () => {
    renderCountdown(0);
    const extend = screen.getByRole('button', { name: 'Hold for 15 more minutes' });
    expect((extend as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This hold cannot be extended again.')).toBeTruthy();
  });
});
