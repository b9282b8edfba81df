// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteHeaderId } from '@/shared/layout/layout-constants';
import type { ToastType } from './toast-context';
import { ToastProvider } from './toast-provider';
import styles from './toast-provider.module.css';
import { useToast } from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ message, type }: { message: string; type: ToastType }) {
  const { showToast } = useToast();
  return <button onClick={() => showToast(message, type)}>Show {type}</button>;
}

function renderWithProvider(message = 'Your details were saved', type: ToastType = 'success') {
  render(
    <ToastProvider>
      <Trigger message={message} type={type} />
      <p>Elsewhere</p>
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: `Show ${type}` }));
}

describe('ToastProvider', () => {
  it('shows the message, then hides it after 3 seconds', () => {
    renderWithProvider();
    expect(screen.getByRole('status').textContent).toContain('Your details were saved');

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();

    // At 3000 ms it starts to leave; the exit transition takes well under half a second.
    act(() => {
      vi.advanceTimersByTime(1);
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByText('Your details were saved')).toBeNull();
  });

  it('is not closed by a click elsewhere', () => {
    renderWithProvider();
    act(() => {
      vi.advanceTimersByTime(10);
    });
    fireEvent.click(screen.getByText('Elsewhere'));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();
  });

  it("closes from its button, whose text is 'Close'", () => {
    renderWithProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.queryByText('Your details were saved')).toBeNull();
  });

  it('pauses while the pointer is on it, then gives it half its time again', () => {
    renderWithProvider();
    const toast = screen.getByRole('status');
    fireEvent.mouseEnter(toast);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();
    fireEvent.mouseLeave(toast);
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Your details were saved')).toBeNull();
  });

  it('pauses while its Close button has the focus, and while the window is in the background', () => {
    renderWithProvider();
    fireEvent.focus(screen.getByRole('button', { name: 'Close' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();
    fireEvent.blur(screen.getByRole('button', { name: 'Close' }));
    fireEvent.blur(window);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();
    fireEvent.focus(window);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByText('Your details were saved')).toBeNull();
  });

  it('closes with Escape', () => {
    renderWithProvider();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('Your details were saved')).toBeNull();
  });

  it('starts its 3 seconds again when a new message replaces the old', () => {
    renderWithProvider();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show success' }));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Your details were saved')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Your details were saved')).toBeNull();
  });

  it.each([
    ['success', 'status'],
    ['info', 'status'],
    ['warning', 'alert'],
    ['error', 'alert'],
  ] as const)('announces a %s toast with role %s and its severity', (type, role) => {
    renderWithProvider('Something happened', type);
    const toast = screen.getByRole(role);
    expect(toast.textContent).toContain('Something happened');
    // Drawn in its severity's colour, with its severity's icon.
    expect(toast.classList.contains(styles[type]!)).toBe(true);
    expect(toast.querySelector('svg')).not.toBeNull();
  });

  it('sits below the header while it is in view, and at the top once it has scrolled away (decision 0043)', () => {
    const header = document.createElement('header');
    header.id = siteHeaderId;
    document.body.prepend(header);
    let headerBottom = 64;
    vi.spyOn(header, 'getBoundingClientRect').mockImplementation(
      () => new DOMRect(0, headerBottom - 64, 390, 64),
    );
    try {
      renderWithProvider();
      const box = () =>
        screen.getByRole('status').parentElement?.style.getPropertyValue('--toast-header-bottom');
      expect(box()).toBe('64px');

      headerBottom = 20;
      fireEvent.scroll(window);
      expect(box()).toBe('20px');
      headerBottom = -200;
      fireEvent.scroll(window);
      expect(box()).toBe('0px');
    } finally {
      header.remove();
    }
  });

  it('sits at the top on a page without the header', () => {
    renderWithProvider();
    const box = screen.getByRole('status').parentElement;
    expect(box?.style.getPropertyValue('--toast-header-bottom')).toBe('0px');
  });
});

describe('useToast', () => {
  it('throws outside a ToastProvider', () => {
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used within a ToastProvider');
  });
});
