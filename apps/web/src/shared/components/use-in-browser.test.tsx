// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useInBrowser } from './use-in-browser';

// React's act() outside Testing Library, which would say so itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seen: boolean[] = [];

function Where() {
  const inBrowser = useInBrowser();
  seen.push(inBrowser);
  return <p>{inBrowser ? 'in the browser' : 'on the server'}</p>;
}

describe('useInBrowser', () => {
  it('is false on the server, and in the render that hydrates its HTML without a mismatch, then true', () => {
    const html = renderToString(<Where />);
    expect(html).toContain('on the server');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    seen.length = 0;
    act(() => {
      hydrateRoot(container, <Where />, { onRecoverableError: recoverable });
    });

    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe('in the browser');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });
});
