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

function click(name: string, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  screen.getByRole('link', { name }).dispatchEvent(event);
  return event;
}

describe('NavigationGuard', () => {
  it('stops same-origin link clicks before the link handles them, and says what it stopped', () => {
    const { onBlocked, reactClick } = renderGuard(() => false);
    const event = click('Your pets');
    expect(event.defaultPrevented).toBe(true);
    expect(reactClick).not.toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalledWith({ kind: 'link', href: '/pets?x=1' });
  });

  it('lets links through while canLeave() returns true', () => {
    const { onBlocked, reactClick } = renderGuard(() => true);
    const event = click('Your pets');
    expect(reactClick).toHaveBeenCalledOnce();
    expect(onBlocked).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('lets other sites, new tabs, modified clicks and fragments on this page through', () => {
    const { onBlocked } = renderGuard(() => false);
    expect(click('Provider').defaultPrevented).toBe(false);
    expect(click('New tab').defaultPrevented).toBe(false);
    expect(click('Your pets', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click('Skip').defaultPrevented).toBe(false);
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
      <a href="/pets" onClick={reactClick}>
        Your pets
      </a>,
    );
    click('Your pets');
    expect(reactClick).toHaveBeenCalledOnce();
    fireEvent(window, new Event('beforeunload', { cancelable: true }));
  });
});
