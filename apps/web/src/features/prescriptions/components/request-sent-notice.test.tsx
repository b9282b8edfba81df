// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestSentNotice, requestSentMessage } from './request-sent-notice';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('RequestSentNotice (decision 0144)', () => {
  it('says the request was sent in a live region that was there, empty, before the message', () => {
    window.history.replaceState(null, '', '/drug-request?sent=1');
    const { rerender } = render(<RequestSentNotice sent={false} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(<RequestSentNotice sent />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe(requestSentMessage);
    // The address forgets it: a reload does not say it again.
    expect(window.location.pathname + window.location.search).toBe('/drug-request');
  });

  it('sits in the page’s flow, never fixed over the heading as a toast is', () => {
    render(<RequestSentNotice sent />);
    for (let element: HTMLElement | null = screen.getByText(requestSentMessage); element;) {
      expect(['fixed', 'absolute', 'sticky']).not.toContain(getComputedStyle(element).position);
      element = element.parentElement;
    }
  });

  it('says nothing when no request was just sent', () => {
    render(<RequestSentNotice sent={false} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
