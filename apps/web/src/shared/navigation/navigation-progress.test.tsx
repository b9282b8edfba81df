// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { Suspense, use, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgressBar } from './navigation-progress-bar';
import { beginNavigation, endNavigation, giveUpAfterMs, isNavigationPending } from './navigation-progress';
import { PortalLink } from './portal-link';

const next = vi.hoisted(() => ({ pathname: '/' }));
vi.mock('next/navigation', () => ({ usePathname: () => next.pathname }));

afterEach(() => {
  cleanup();
  endNavigation();
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
  /** Clicks, and lets React settle what the click started (a move that suspends stays pending). */
  const clickAndSettle = (anchor: HTMLElement) =>
    act(() => {
      fireEvent.click(anchor);
      return Promise.resolve();
    });

  /** Clicks, and says whether the link left the click to the browser (jsdom cannot follow it). */
  function clickLeftToBrowser(anchor: HTMLElement, init: MouseEventInit = {}): boolean {
    let left = false;
    const stop = (event: Event) => {
      left = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', stop);
    fireEvent.click(anchor, init);
    document.removeEventListener('click', stop);
    return left;
  }

  /**
   * A stand-in for Next.js's app router: `push` draws the next page, which waits for `arrive` (as a page
   * on its way from the server does), so the move's transition stays pending until then.
   */
  function renderLink(href: string, { withRouter = true } = {}) {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const pushed: string[] = [];
    let move: (href: string) => void = () => {};
    function NextPage() {
      const [to, setTo] = useState<string | null>(null);
      move = setTo;
      if (to !== null) use(arrived);
      return null;
    }
    const router = {
      push: (target: string) => {
        pushed.push(target);
        move(target);
      },
    } as unknown as AppRouterInstance;
    const link = <PortalLink href={href}>Your appointments</PortalLink>;
    const view = render(
      withRouter ? (
        <AppRouterContext value={router}>
          {link}
          <Suspense>
            <NextPage />
          </Suspense>
        </AppRouterContext>
      ) : (
        link
      ),
    );
    const anchor = screen.getByRole('link', { name: 'Your appointments' });
    return {
      ...view,
      anchor,
      pushed,
      arrive: () =>
        act(() => {
          arrive();
          return arrived;
        }),
    };
  }

  it('is an ordinary link', () => {
    const { anchor } = renderLink('/appointments');
    expect(anchor.getAttribute('href')).toBe('/appointments');
  });

  it('moves through the router, with the progress on until the page arrives', async () => {
    const { anchor, pushed, arrive } = renderLink('/appointments');
    await clickAndSettle(anchor);
    expect(pushed).toEqual(['/appointments']);
    expect(isNavigationPending()).toBe(true);
    await arrive();
    expect(isNavigationPending()).toBe(false);
  });

  it('keeps the progress going when it is unmounted mid-way (a menu that closes on the tap)', async () => {
    const { anchor, unmount } = renderLink('/appointments');
    await clickAndSettle(anchor);
    unmount();
    expect(isNavigationPending()).toBe(true);
  });

  it('begins nothing for a link to the page already shown', async () => {
    window.history.replaceState(null, '', '/appointments?tab=past');
    const { anchor } = renderLink('/appointments?tab=past');
    await clickAndSettle(anchor);
    expect(isNavigationPending()).toBe(false);
  });

  it('leaves a new tab or window to the browser', () => {
    const { anchor, pushed } = renderLink('/appointments');
    expect(clickLeftToBrowser(anchor, { ctrlKey: true })).toBe(true);
    expect(clickLeftToBrowser(anchor, { shiftKey: true })).toBe(true);
    expect(pushed).toEqual([]);
    expect(isNavigationPending()).toBe(false);
  });

  it('is a plain link outside an app router', () => {
    const { anchor } = renderLink('/appointments', { withRouter: false });
    expect(clickLeftToBrowser(anchor)).toBe(true);
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
