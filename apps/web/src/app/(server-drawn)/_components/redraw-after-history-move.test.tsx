// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedrawAfterHistoryMove } from './redraw-after-history-move';

const next = vi.hoisted(() => ({ refresh: vi.fn(), push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => next }));

afterEach(() => {
  cleanup();
  next.refresh.mockClear();
});

describe('RedrawAfterHistoryMove', () => {
  it('leaves a page reached by a link or a load as the server just drew it', () => {
    render(<RedrawAfterHistoryMove />);
    expect(next.refresh).not.toHaveBeenCalled();
  });

  it('draws a page again once, when back or forward brought it from the router cache', () => {
    window.dispatchEvent(new PopStateEvent('popstate'));
    render(<RedrawAfterHistoryMove />);
    expect(next.refresh).toHaveBeenCalledOnce();
    cleanup();
    render(<RedrawAfterHistoryMove />);
    expect(next.refresh).toHaveBeenCalledOnce();
  });
});
