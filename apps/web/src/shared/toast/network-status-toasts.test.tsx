// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkStatusToasts, OFFLINE_MESSAGE, ONLINE_AGAIN_MESSAGE } from './network-status-toasts';
import { ToastProvider } from './toast-provider';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('NetworkStatusToasts', () => {
  it('warns when the browser goes offline and confirms when it is back', () => {
    render(
      <ToastProvider>
        <NetworkStatusToasts />
      </ToastProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('alert').textContent).toContain(OFFLINE_MESSAGE);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status').textContent).toContain(ONLINE_AGAIN_MESSAGE);
  });

  it('warns at once when the connection was already lost before the page came to life', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <ToastProvider>
        <NetworkStatusToasts />
      </ToastProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain(OFFLINE_MESSAGE);
  });
});
