// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import buttonStyles from '@/shared/ui/button.module.css';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

function renderDialog(extra: { onEscape?: () => void } = {}) {
  const handlers = { onPrimary: vi.fn(), onSecondary: vi.fn() };
  render(
    <ConfirmDialog
      open
      title="Log out"
      descriptions={['Are you sure you want to log out?']}
      primaryLabel="Log out"
      secondaryLabel="Cancel"
      {...handlers}
      {...extra}
    />,
  );
  return handlers;
}

describe('ConfirmDialog (R2.26)', () => {
  it('is a labelled, described dialog with a filled primary and an outlined secondary button', () => {
    const { onPrimary, onSecondary } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Log out' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const primary = screen.getByRole('button', { name: 'Log out' });
    const secondary = screen.getByRole('button', { name: 'Cancel' });
    expect(primary.className).toContain(buttonStyles.contained);
    expect(secondary.className).toContain(buttonStyles.outlined);
    fireEvent.click(primary);
    fireEvent.click(secondary);
    expect(onPrimary).toHaveBeenCalledOnce();
    expect(onSecondary).toHaveBeenCalledOnce();
  });

  it('does not close on a backdrop click', () => {
    const { onPrimary, onSecondary } = renderDialog();
    // A click on the dimmed page lands on the <dialog> itself, outside its box (jsdom's box is empty).
    const dialog = screen.getByRole('dialog');
    expect(dialog.tagName).toBe('DIALOG');
    fireEvent.click(dialog, { clientX: 200, clientY: 200 });
    expect(onPrimary).not.toHaveBeenCalled();
    expect(onSecondary).not.toHaveBeenCalled();
  });

  it('takes Escape as the secondary action, or as onEscape when given', () => {
    const { onSecondary } = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onSecondary).toHaveBeenCalledOnce();
    cleanup();
    const onEscape = vi.fn();
    const second = renderDialog({ onEscape });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledOnce();
    expect(second.onSecondary).not.toHaveBeenCalled();
  });
});
