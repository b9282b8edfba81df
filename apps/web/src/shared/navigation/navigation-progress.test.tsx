// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgressBar } from './navigation-progress-bar';
import { beginNavigation, endNavigation, giveUpAfterMs, isNavigationPending } from './navigation-progress';
import { PortalLink } from './portal-link';

const next = vi.hoisted(() => ({ pathname: '/', linkPending: false }));
vi.mock('next/navigation', () => ({ usePathname: () => next.pathname }));
vi.mock('next/link', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useLinkStatus: () => ({ pending: next.linkPending }),
}));

afterEach(() => {
  cleanup();
  endNavigation();
  next.linkPending = false;
  next.pathname = '/';
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

const bar = () => screen.queryByRole('progressbar', { name: 'Loading the page' });

function renderBar() {
  return render(<NavigationProgressBar />);
}

describe('the navigation progress bar', () => {
  it('shows while a navigation is pending, and not otherwise', () => {
    renderBar();
    expect(bar()).toBeNull();
    act(() => {
      beginNavigation();
    });
    expect(bar()).not.toBeNull();
    act(() => endNavigation());
    expect(bar()).toBeNull();
  });

  it('ends when the new page’s address arrives', () => {
    const { rerender } = renderBar();
    act(() => {
      beginNavigation();
    });
    next.pathname = '/appointments';
    rerender(<NavigationProgressBar />);
    expect(bar()).toBeNull();
    expect(isNavigationPending()).toBe(false);
  });

  it('gives up after a while when nothing ends it', () => {
    vi.useFakeTimers();
    renderBar();
    act(() => {
      beginNavigation();
    });
    act(() => {
      vi.advanceTimersByTime(giveUpAfterMs - 1);
    });
    expect(bar()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(bar()).toBeNull();
  });
});

describe('PortalLink', () => {
  function renderLink(href: string) {
    return render(<PortalLink href={href}>Your appointments</PortalLink>);
  }

  it('is an ordinary link', () => {
    renderLink('/appointments');
    expect(screen.getByRole('link', { name: 'Your appointments' }).getAttribute('href')).toBe(
      '/appointments',
    );
  });

  it('begins the progress while its navigation is pending, and ends it when that is over', () => {
    const { rerender } = renderLink('/appointments');
    expect(isNavigationPending()).toBe(false);
    next.linkPending = true;
    rerender(<PortalLink href="/appointments">Your appointments</PortalLink>);
    expect(isNavigationPending()).toBe(true);
    next.linkPending = false;
    rerender(<PortalLink href="/appointments">Your appointments</PortalLink>);
    expect(isNavigationPending()).toBe(false);
  });

  it('keeps the progress going when it is unmounted mid-way (a menu that closes on the tap)', () => {
    next.linkPending = true;
    const { unmount } = renderLink('/appointments');
    expect(isNavigationPending()).toBe(true);
    unmount();
    expect(isNavigationPending()).toBe(true);
  });

  it('begins nothing for a link to the page already shown', () => {
    window.history.replaceState(null, '', '/appointments?tab=past');
    next.linkPending = true;
    renderLink('/appointments?tab=past');
    expect(isNavigationPending()).toBe(false);
  });
});

describe('the progress of two moves', () => {
  it('is not ended by the first move’s starter once a second has begun (two links tapped in turn)', () => {
    const first = beginNavigation();
    const second = beginNavigation();
    endNavigation(first);
    expect(isNavigationPending()).toBe(true);
    endNavigation(second);
    expect(isNavigationPending()).toBe(false);
  });
});
