// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endNavigation, isNavigationPending, subscribeToNavigation } from './navigation-progress';
import { usePortalRouter } from './use-portal-router';

const next = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => next }));

afterEach(() => {
  cleanup();
  endNavigation();
  next.push.mockReset();
  next.replace.mockReset();
  window.history.replaceState(null, '', '/');
});

describe('usePortalRouter', () => {
  it('moves with Next.js’s router, and its router stays the same object between renders', () => {
    const { result, rerender } = renderHook(() => usePortalRouter());
    const first = result.current.router;
    act(() => result.current.router.push('/pets/7'));
    act(() => result.current.router.replace('/verified'));
    expect(next.push).toHaveBeenCalledWith('/pets/7');
    expect(next.replace).toHaveBeenCalledWith('/verified');
    rerender();
    expect(result.current.router).toBe(first);
  });

  it('begins the progress for another page, and ends it when the move is over', () => {
    const seen: boolean[] = [];
    const unsubscribe = subscribeToNavigation(() => seen.push(isNavigationPending()));
    const { result } = renderHook(() => usePortalRouter());
    act(() => result.current.router.push('/pets/7'));
    unsubscribe();
    // Next.js's router is a stand-in here, so the move is over at once: begun, then ended.
    expect(seen).toEqual([true, false]);
    expect(result.current.navigating).toBe(false);
  });

  it('begins nothing for the page already shown', () => {
    window.history.replaceState(null, '', '/appointments?tab=past');
    const seen: boolean[] = [];
    const unsubscribe = subscribeToNavigation(() => seen.push(isNavigationPending()));
    const { result } = renderHook(() => usePortalRouter());
    act(() => result.current.router.replace('/appointments?tab=past'));
    unsubscribe();
    expect(seen).toEqual([]);
    expect(next.replace).toHaveBeenCalledWith('/appointments?tab=past');
  });
});
