/**
 * How long Testing Library's `findBy…` and `waitFor` wait for what a component test waits on (a dialog's
 * code loaded on demand, a form's answer) before failing. Their default, one second, is a wall-clock bet
 * that a loaded CI machine loses now and then (the on-demand confirm dialog's test did); a wait still ends
 * as soon as what it waits for is there. The same reasoning as `expect.poll`'s in vitest.config.ts. A
 * unit-test setup file: it does nothing outside jsdom.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
}

// A module, so that its top-level await is allowed.
export {};
