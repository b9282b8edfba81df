// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_LOGOUT_LOCK_HOLD_MS, InactivityGuard, oneTabLogsOut } from './inactivity-guard';
import { INACTIVITY_CHANNEL } from './use-inactivity-timer';
import { countdownAnnouncement } from './session-expiry-dialog';

// Its code loading on first open has its own test (on-demand-confirm-dialog.test.tsx); here it is at hand.
vi.mock('@/shared/components/on-demand-confirm-dialog', async () => ({
  OnDemandConfirmDialog: (await import('@/shared/components/confirm-dialog')).ConfirmDialog,
}));

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const title = 'Your session will expire soon';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderGuard() {
  const onLogout = vi.fn();
  render(<InactivityGuard onLogout={onLogout} crossTab={false} />);
  return onLogout;
}

describe('InactivityGuard (R4.10, R9.1: warning at 14 minutes, logout at 15)', () => {
  it('opens the warning at 14 minutes of inactivity, not before, and logs out at 15', () => {
    const onLogout = renderGuard();
    advance(14 * MINUTE - SECOND);
    expect(screen.queryByRole('dialog')).toBeNull();

    advance(SECOND);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('60 seconds');

    advance(30 * SECOND);
    expect(screen.getByRole('dialog').textContent).toContain('30 seconds');
    expect(onLogout).not.toHaveBeenCalled();

    advance(30 * SECOND);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('counts from the last activity', () => {
    const onLogout = renderGuard();
    advance(10 * MINUTE);
    fireEvent.keyDown(document, { key: 'a' });
    advance(14 * MINUTE - SECOND);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(SECOND);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('keeps the session with ‘Continue session’', () => {
    const onLogout = renderGuard();
    advance(14 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Continue session' }));
    advance(SECOND);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(13 * MINUTE);
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the session when the warning is dismissed with Escape', () => {
    const onLogout = renderGuard();
    advance(14 * MINUTE);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    advance(SECOND);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(13 * MINUTE);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('logs out from the warning’s ‘Log out’', () => {
    const onLogout = renderGuard();
    advance(14 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('logs out without a warning when the idle time already exceeds 15 minutes (the computer slept)', () => {
    const onLogout = renderGuard();
    advance(MINUTE);
    // Asleep: the clock moves on, but no timer runs until the machine wakes.
    vi.setSystemTime(Date.now() + 40 * MINUTE);
    advance(13 * MINUTE);
    expect(onLogout).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('InactivityGuard after the computer slept', () => {
  it('logs out when the first thing after waking is activity, before any timer has run', () => {
    const onLogout = renderGuard();
    advance(MINUTE);
    vi.setSystemTime(Date.now() + 40 * MINUTE);
    fireEvent.keyDown(document, { key: 'a' });
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns rather than forgets when it woke between 14 and 15 minutes', () => {
    const onLogout = renderGuard();
    vi.setSystemTime(Date.now() + 14 * MINUTE + 10 * SECOND);
    fireEvent.keyDown(document, { key: 'a' });
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(onLogout).not.toHaveBeenCalled();
  });
});

describe('countdownAnnouncement', () => {
  it('speaks at 30 and 10 seconds only', () => {
    expect(countdownAnnouncement(60)).toBe('');
    expect(countdownAnnouncement(31)).toBe('');
    expect(countdownAnnouncement(30)).toBe('About 30 seconds left before you are logged out.');
    expect(countdownAnnouncement(11)).toBe('About 30 seconds left before you are logged out.');
    expect(countdownAnnouncement(10)).toBe('About 10 seconds left before you are logged out.');
    expect(countdownAnnouncement(0)).toBe('About 10 seconds left before you are logged out.');
  });
});

describe('InactivityGuard: telling the server the session is in use', () => {
  function renderWithHeartbeat() {
    const heartbeat = vi.fn();
    render(<InactivityGuard onLogout={vi.fn()} crossTab={false} heartbeat={heartbeat} />);
    return heartbeat;
  }

  it('tells the server at most every 5 minutes while the person is active', () => {
    const heartbeat = renderWithHeartbeat();
    for (let minute = 0; minute < 12; minute += 1) {
      fireEvent.keyDown(document, { key: 'a' });
      advance(MINUTE);
    }
    // Active from minute 0 to 11: told at minutes 5 and 10.
    expect(heartbeat).toHaveBeenCalledTimes(2);
  });

  it('tells it nothing while the person is away', () => {
    const heartbeat = renderWithHeartbeat();
    fireEvent.keyDown(document, { key: 'a' });
    advance(14 * MINUTE);
    expect(heartbeat).not.toHaveBeenCalled();
  });
});

describe('InactivityGuard across tabs', () => {
  /** Another tab of the portal, on the same channel; messages arrive after a real macrotask. */
  let otherTab: BroadcastChannel;
  const heard: unknown[] = [];
  const deliver = () => new Promise<void>((resolve) => setTimeoutReal(resolve, 20));
  const setTimeoutReal = globalThis.setTimeout;

  beforeEach(() => {
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    otherTab = new BroadcastChannel(INACTIVITY_CHANNEL);
    heard.length = 0;
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
  });
  afterEach(() => otherTab.close());

  function renderCrossTab() {
    const onLogout = vi.fn();
    render(<InactivityGuard onLogout={onLogout} heartbeat={vi.fn()} />);
    return onLogout;
  }

  it('counts activity in another tab, and closes its warning when another tab continues', async () => {
    const onLogout = renderCrossTab();
    advance(10 * MINUTE);
    otherTab.postMessage({ type: 'active', at: Date.now() });
    await deliver();
    advance(14 * MINUTE - SECOND);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(SECOND);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    // Moving the mouse here does not end the warning; 'Continue session' in the other tab does.
    fireEvent.mouseMove(document);
    advance(SECOND);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    otherTab.postMessage({ type: 'active', at: Date.now() });
    await deliver();
    advance(SECOND);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(13 * MINUTE);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('tells the other tabs of activity here and of ‘Continue session’', async () => {
    renderCrossTab();
    fireEvent.keyDown(document, { key: 'a' });
    await deliver();
    expect(heard).toEqual([{ type: 'active', at: Date.now() }]);
    advance(14 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Continue session' }));
    await deliver();
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual({ type: 'active', at: Date.now() });
  });

  it('ignores what is not an activity message', async () => {
    const onLogout = renderCrossTab();
    advance(10 * MINUTE);
    otherTab.postMessage({ type: 'active', at: 'soon' });
    otherTab.postMessage({ type: 'active', at: Number.NaN });
    otherTab.postMessage('active');
    await deliver();
    advance(4 * MINUTE);
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    advance(MINUTE);
    expect(onLogout).toHaveBeenCalledOnce();
  });
});

describe('oneTabLogsOut: when the time is up in several tabs at once', () => {
  /** Web Locks as the browser has them, for one name: a request made while it is held gets null. */
  function fakeLocks() {
    let held = false;
    return {
      request: (async (
        _name: string,
        _options: LockOptions,
        callback: (lock: Lock | null) => Promise<void>,
      ) => {
        if (held) return callback(null);
        held = true;
        try {
          return await callback({ name: _name, mode: 'exclusive' });
        } finally {
          held = false;
        }
      }) as LockManager['request'],
    };
  }

  it('logs out in one tab only; the others wait for the sign-out message', async () => {
    const locks = fakeLocks();
    const logout = vi.fn(() => Promise.resolve());
    const first = oneTabLogsOut(logout, locks);
    await oneTabLogsOut(logout, locks);
    expect(logout).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(IDLE_LOGOUT_LOCK_HOLD_MS);
    await first;
    // The browser did not leave (offline): a later try is that tab's to make.
    const third = oneTabLogsOut(logout, locks);
    await vi.advanceTimersByTimeAsync(IDLE_LOGOUT_LOCK_HOLD_MS);
    await third;
    expect(logout).toHaveBeenCalledTimes(2);
  });

  it('logs out at once in a browser without Web Locks', async () => {
    const logout = vi.fn();
    await oneTabLogsOut(logout, undefined);
    expect(logout).toHaveBeenCalledOnce();
  });
});
