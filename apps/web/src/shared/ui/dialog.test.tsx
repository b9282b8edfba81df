// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

afterEach(cleanup);

function Page({
  open,
  onClose,
  closeOnBackdrop,
}: {
  open: boolean;
  onClose: () => void;
  closeOnBackdrop?: boolean;
}) {
  return (
    <>
      <button type="button">Opener</button>
      <Dialog open={open} onClose={onClose} aria-label="Menu" closeOnBackdrop={closeOnBackdrop}>
        <button type="button">Inside</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal dialog that takes the focus, and gives it back when it closes', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Page open={false} onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    expect(screen.queryByRole('button', { name: 'Inside' })).toBeNull();

    rerender(<Page open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(dialog);

    rerender(<Page open={false} onClose={onClose} />);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('hands Escape to onClose instead of closing on its own', () => {
    const onClose = vi.fn();
    render(<Page open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('closes on a click outside its box only when asked to (R2.26: confirmations never do)', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Page open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    // jsdom lays nothing out: the box is empty, so (200, 200) is outside it, on the dimmed page.
    fireEvent.click(dialog, { clientX: 200, clientY: 200 });
    expect(onClose).not.toHaveBeenCalled();

    rerender(<Page open onClose={onClose} closeOnBackdrop />);
    fireEvent.click(screen.getByRole('button', { name: 'Inside' }), { clientX: 200, clientY: 200 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog, { clientX: 200, clientY: 200 });
    expect(onClose).toHaveBeenCalledWith('backdrop');
  });

  it('keeps its content, hidden, while closed when asked to', () => {
    const content = (open: boolean) => (
      <Dialog open={open} onClose={vi.fn()} aria-label="Menu" keepMounted>
        <button type="button">Your pets</button>
      </Dialog>
    );
    const { rerender } = render(content(true));
    const button = screen.getByRole('button', { name: 'Your pets' });
    rerender(content(false));
    expect(button.isConnected).toBe(true);
    expect(screen.queryByRole('button', { name: 'Your pets' })).toBeNull();
  });
});
