import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./report-render-error');
  vi.resetModules();
});

describe('reportRenderErrorOnDemand', () => {
  it('hands the caught error to reportRenderError once its code has loaded', async () => {
    const reportRenderError = vi.fn();
    vi.doMock('./report-render-error', () => ({ reportRenderError }));
    const { reportRenderErrorOnDemand } = await import('./report-render-error-on-demand');
    const error = new Error('Boom');

    reportRenderErrorOnDemand(error);

    await vi.waitFor(() => expect(reportRenderError).toHaveBeenCalledWith(error));
  });

  it('says nothing when the code cannot be fetched: the error screen stays as it is', async () => {
    vi.doMock('./report-render-error', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { reportRenderErrorOnDemand } = await import('./report-render-error-on-demand');

    expect(() => reportRenderErrorOnDemand(new Error('Boom'))).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));

    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
