// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnDemandConfirmDialog } from './on-demand-confirm-dialog';

afterEach(cleanup);

const props = {
  title: 'Log out',
  descriptions: ['Are you sure you want to log out?'],
  primaryLabel: 'Log out',
  secondaryLabel: 'Cancel',
  onPrimary: vi.fn(),
  onSecondary: vi.fn(),
};

describe('OnDemandConfirmDialog', () => {
  it('renders nothing until it first opens, then the dialog once its code has loaded', async () => {
    const { container, rerender } = render(<OnDemandConfirmDialog {...props} open={false} />);
    expect(container.innerHTML).toBe('');
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();

    rerender(<OnDemandConfirmDialog {...props} open />);
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(dialog.textContent).toContain('Are you sure you want to log out?');
  });

  it('closes as the dialog does, and opens again', async () => {
    const { rerender } = render(<OnDemandConfirmDialog {...props} open />);
    await screen.findByRole('dialog', { name: 'Log out' });

    rerender(<OnDemandConfirmDialog {...props} open={false} />);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 15_000 });

    rerender(<OnDemandConfirmDialog {...props} open />);
    expect(await screen.findByRole('dialog', { name: 'Log out' })).toBeTruthy();
  });
});
