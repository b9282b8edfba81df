// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import styles from './button.module.css';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import { rippleDurationMs, rippleTouchDelayMs } from './ripple';
import rippleStyles from './ripple.module.css';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Button', () => {
  it('is a button of its variant, colour and size that clicks, and a submit button only when asked', () => {
    const onClick = vi.fn();
    render(
      <Button variant="contained" color="secondary" size="large" onClick={onClick}>
        Book
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Book' });
    expect(button.getAttribute('type')).toBe('button');
    for (const name of ['root', 'contained', 'secondary', 'large'] as const) {
      expect(button.classList.contains(styles[name]!)).toBe(true);
    }
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is a link with `href`, out of the Tab order and marked disabled when disabled', () => {
    const { rerender } = render(<Button href="/pets">Your pets</Button>);
    const link = screen.getByRole('link', { name: 'Your pets' });
    expect(link.getAttribute('href')).toBe('/pets');
    expect(link.getAttribute('aria-disabled')).toBeNull();
    rerender(
      <Button href="/pets" disabled>
        Your pets
      </Button>,
    );
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.getAttribute('tabindex')).toBe('-1');
  });

  it('is a plain link to another site with `external`', () => {
    render(
      <Button href="/api/auth/signin" external>
        Sign in
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/api/auth/signin');
  });

  it('is disabled and busy while loading, still named by its label', () => {
    render(<Button loading>Register a pet</Button>);
    const button = screen.getByRole('button', { name: 'Register a pet' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('the ripple (R9.15)', () => {
  const inks = (button: HTMLElement) => button.querySelectorAll(`.${rippleStyles.ink}`);

  it('grows from a mouse press at once and fades for 550 ms after the release', () => {
    vi.useFakeTimers();
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.pointerDown(button, { button: 0, pointerType: 'mouse', clientX: 10, clientY: 10 });
    expect(inks(button)).toHaveLength(1);
    fireEvent.pointerUp(window);
    expect(inks(button)[0]?.classList.contains(rippleStyles.leaving!)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(rippleDurationMs - 1);
    });
    expect(inks(button)).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(inks(button)).toHaveLength(0);
  });

  it('waits 80 ms after a touch, and starts none when the touch becomes a scroll', () => {
    vi.useFakeTimers();
    render(<IconButton aria-label="Close">{<CloseIcon />}</IconButton>);
    const button = screen.getByRole('button', { name: 'Close' });
    fireEvent.pointerDown(button, { button: 0, pointerType: 'touch' });
    expect(inks(button)).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(rippleTouchDelayMs);
    });
    expect(inks(button)).toHaveLength(1);
    fireEvent.pointerUp(window);

    fireEvent.pointerDown(button, { button: 0, pointerType: 'touch' });
    fireEvent.pointerCancel(window);
    act(() => {
      vi.advanceTimersByTime(rippleTouchDelayMs);
    });
    act(() => {
      vi.advanceTimersByTime(rippleDurationMs);
    });
    expect(inks(button)).toHaveLength(0);
  });
});

describe('IconButton', () => {
  it('is named by its label, its icon hidden from assistive technology', () => {
    render(
      <IconButton aria-label="Close menu" edge="end">
        <CloseIcon />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close menu' });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
