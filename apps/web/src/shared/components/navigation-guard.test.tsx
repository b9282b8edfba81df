// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationGuard, type BlockedNavigation } from './navigation-guard';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderGuard(canLeave: () => boolean, onBlocked = vi.fn<(attempt: BlockedNavigation) => void>()) {
  const reactClick = vi.fn();
  render(
    <div>
      <NavigationGuard canLeave={canLeave} onBlocked={onBlocked} />
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the guard stops plain links too */}
      <a href="/pets?x=1" onClick={reactClick}>
        Your pets
      </a>
      <a href="https://www.provider.example/">Provider</a>
      <a href="/pets" target="_blank">
        New tab
      </a>
      <a href="#main-content">Skip</a>
    </div>,
  );
  return { onBlocked, reactClick };
}

/**
 * Clicks the link as a person would and says whether the browser would follow it: whether the click
 * reached the window uncancelled. jsdom cannot load another page, so the follow itself stops there.
 */
function click(name: string, init: MouseEventInit = {}): { followed: boolean } {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  const outcome = { followed: false };
  const atTheWindow = (reached: Event) => {
    outcome.followed = !reached.defaultPrevented;
    reached.preventDefault();
  };
  window.addEventListener('click', atTheWindow);
  try {
    screen.getByRole('link', { name }).dispatchEvent(event);
  } finally {
    window.removeEventListener('click', atTheWindow);
  }
  return outcome;
}

describe('NavigationGuard', () => {
  it('stops same-origin link clicks before the link handles them, and says what it stopped', () => {
    const { onBlocked, reactClick } = renderGuard(() => false);
    expect(click('Your pets')).toEqual({ followed: false });
    expect(reactClick).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalledWith({ kind: 'link', href: '/pets?x=1' });
  });

  it('lets links through while canLeave() returns true', () => {
    const { onBlocked, reactClick } = renderGuard(() => true);
    expect(click('Your pets')).toEqual({ followed: true });
    expect(reactClick).toHaveBeenCalledOnce();
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('lets other sites, new tabs, modified clicks and fragments on this page through', () => {
    const { onBlocked } = renderGuard(() => false);
    expect(click('Provider')).toEqual({ followed: true });
    expect(click('New tab')).toEqual({ followed: true });
    expect(click('Your pets', { ctrlKey: true })).toEqual({ followed: true });
    expect(click('Skip')).toEqual({ followed: true });
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('undoes the back button and hides it from the router', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const router = vi.fn();
    window.addEventListener('popstate', router);
    const { onBlocked } = renderGuard(() => false);

    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(go).toHaveBeenCalledWith(1);
    expect(router).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalledWith({ kind: 'history' });

    // The restoring popstate is swallowed too.
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(router).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalledOnce();
    window.removeEventListener('popstate', router);
  });

  it('lets the back button through while canLeave() returns true', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const router = vi.fn();
    window.addEventListener('popstate', router);
    renderGuard(() => true);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(go).not.toHaveBeenCalled();
    expect(router).toHaveBeenCalledOnce();
    window.removeEventListener('popstate', router);
  });

  it('cancels the back button in the Navigation API’s navigate event, where the browser has it', () => {
    const navigation = new EventTarget();
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    try {
      const traverse = () =>
        Object.assign(new Event('navigate', { cancelable: true }), { navigationType: 'traverse' });
      let leave = false;
      const { onBlocked } = renderGuard(() => leave);
      const back = traverse();
      navigation.dispatchEvent(back);
      expect(back.defaultPrevented).toBe(true);
      expect(onBlocked).toHaveBeenCalledWith({ kind: 'history' });

      const push = Object.assign(new Event('navigate', { cancelable: true }), { navigationType: 'push' });
      navigation.dispatchEvent(push);
      leave = true;
      const allowed = traverse();
      navigation.dispatchEvent(allowed);
      expect([push.defaultPrevented, allowed.defaultPrevented]).toEqual([false, false]);
      expect(onBlocked).toHaveBeenCalledOnce();
    } finally {
      cleanup();
      Reflect.deleteProperty(window, 'navigation');
    }
  });

  it('asks before a reload or closing the tab', () => {
    renderGuard(() => false);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('stops guarding once unmounted', () => {
    const { reactClick } = renderGuard(() => false);
    cleanup();
    render(
      // eslint-disable-next-line @next/next/no-html-link-for-pages -- the guard stops plain links too
      <a href="/pets" onClick={reactClick}>
        Your pets
      </a>,
    );
    expect(click('Your pets')).toEqual({ followed: true });
    expect(reactClick).toHaveBeenCalledOnce();
    // Not cancelled: no "leave this page?" prompt.
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(true);
  });
});
