// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUARD_RETRY_MS, InactivityMonitor } from './inactivity-monitor';

const session = vi.hoisted(() => ({ status: 'unauthenticated' }));
const logout = vi.hoisted(() => vi.fn());
vi.mock('./session-client', () => ({ useSession: () => ({ status: session.status }) }));
vi.mock('./logout-context', () => ({ useLogout: () => ({ logout, loggingOut: false }) }));

function FakeGuard({ onLogout }: { onLogout: () => void }) {
  return (
    <button type="button" onClick={onLogout}>
      guard watching
    </button>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  session.status = 'unauthenticated';
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets the loader's promise settle under fake timers. */
const settle = () => act(async () => {});

describe('InactivityMonitor: the guard’s code loads only for someone signed in', () => {
  it('never loads it on a signed-out page', async () => {
    const load = vi.fn(() => Promise.resolve(FakeGuard));
    render(<InactivityMonitor load={load} />);
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('guard watching')).toBeNull();
  });

  it('loads it once signed in and hands it the shared logout', async () => {
    session.status = 'authenticated';
    const load = vi.fn(() => Promise.resolve(FakeGuard));
    render(<InactivityMonitor load={load} />);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    act(() => screen.getByText('guard watching').click());
    expect(logout).toHaveBeenCalled();
  });

  it('tries again quietly when the code cannot be fetched (offline), and watches once it arrives', async () => {
    session.status = 'authenticated';
    const load = vi
      .fn<() => Promise<typeof FakeGuard>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(FakeGuard);
    render(<InactivityMonitor load={load} />);
    await settle();
    expect(screen.queryByText('guard watching')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(GUARD_RETRY_MS - 1);
    });
    expect(load).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('guard watching')).toBeTruthy();
  });
});
