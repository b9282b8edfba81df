// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext, type ToastApi } from '@/shared/toast/toast-context';
import { OnDemand, onDemandUnavailableMessage } from './on-demand';

afterEach(cleanup);

function Part({ open }: { open: boolean }) {
  return <p>{open ? 'part open' : 'part closed'}</p>;
}

function renderPart(load: () => Promise<typeof Part>, onUnavailable = vi.fn()) {
  const toast: ToastApi = { showToast: vi.fn() };
  const view = (wanted: boolean) => (
    <ToastContext value={toast}>
      <OnDemand wanted={wanted} load={load} onUnavailable={onUnavailable} props={{ open: wanted }} />
    </ToastContext>
  );
  const { rerender } = render(view(false));
  return { toast, onUnavailable, show: (wanted: boolean) => rerender(view(wanted)) };
}

describe('OnDemand', () => {
  it('loads the part the first time it is wanted, and keeps it mounted after', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const { show } = renderPart(load);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/part/)).toBeNull();

    show(true);
    expect(await screen.findByText('part open')).toBeTruthy();
    show(false);
    expect(screen.getByText('part closed')).toBeTruthy();
    show(true);
    expect(screen.getByText('part open')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('when the part cannot load, says so, gives the button back, and tries again at the next opening', async () => {
    const load = vi
      .fn<() => Promise<typeof Part>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(Part);
    const { show, toast, onUnavailable } = renderPart(load);

    show(true);
    await vi.waitFor(() => expect(onUnavailable).toHaveBeenCalledOnce(), { timeout: 15_000 });
    expect(toast.showToast).toHaveBeenCalledWith(onDemandUnavailableMessage, 'error');
    expect(screen.queryByText(/part/)).toBeNull();

    show(false);
    show(true);
    expect(await screen.findByText('part open')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
