import { format } from 'node:util';

/**
 * House rule: a `console.error` during a unit or integration test fails the test that caused it (React's
 * act and key warnings, MUI's prop warnings, a logged failure nobody looked at). The setup file
 * (`console-errors.setup.ts`, in `vitest.config.ts`) installs the guard and checks after every test; a
 * test that expects an error says so with `expectConsoleError`, which also fails the test if the error
 * never comes.
 */
export type ConsoleErrorMatcher = string | RegExp;

interface Guard {
  original: typeof console.error;
  guard: typeof console.error;
  logged: string[];
  expected: { matcher: ConsoleErrorMatcher; seen: number }[];
}

/** Kept on the global object, so the setup file and a test share one guard however they import it. */
const key = Symbol.for('vet.testing.console-error-guard');
const holder = globalThis as typeof globalThis & { [key]?: Guard };

/** Replaces console.error with a recorder (once per process; later calls reuse it). */
export function installConsoleErrorGuard(): void {
  const existing = holder[key];
  if (existing) {
    console.error = existing.guard;
    return;
  }
  const state: Guard = {
    original: console.error,
    guard: (...args: unknown[]) => {
      state.logged.push(format(...args));
    },
    logged: [],
    expected: [],
  };
  holder[key] = state;
  console.error = state.guard;
}

/** Puts the real console.error back. */
export function uninstallConsoleErrorGuard(): void {
  const state = holder[key];
  if (!state) return;
  console.error = state.original;
  delete holder[key];
}

/**
 * Declares that the current test logs a console.error matching `matcher` (a substring, or a pattern).
 * Every error the test logs must match a declaration, and every declaration must match at least one
 * error, or the test fails when it ends. Call it before the code that logs.
 */
export function expectConsoleError(matcher: ConsoleErrorMatcher): void {
  const state = holder[key];
  if (!state)
    throw new Error('expectConsoleError: the console error guard is not installed (vitest.config.ts)');
  state.expected.push({ matcher, seen: 0 });
}

function matches(text: string, matcher: ConsoleErrorMatcher): boolean {
  return typeof matcher === 'string' ? text.includes(matcher) : text.search(matcher) !== -1;
}

/**
 * What is wrong with the console errors since the last check: each one nobody declared, each declaration
 * that nothing matched, and a console.error left replaced. Starts the next test afresh.
 */
export function takeConsoleErrorProblems(): string[] {
  const state = holder[key];
  if (!state) return [];
  const problems: string[] = [];
  for (const text of state.logged.splice(0)) {
    const declared = state.expected.find((e) => matches(text, e.matcher));
    if (declared) declared.seen += 1;
    else problems.push(`console.error was called:\n${text}`);
  }
  for (const { matcher, seen } of state.expected.splice(0)) {
    if (seen === 0)
      problems.push(`expected a console.error matching ${String(matcher)}, but none was logged`);
  }
  if (console.error !== state.guard) {
    problems.push(
      'console.error was replaced and not restored; declare an expected error with expectConsoleError instead',
    );
    console.error = state.guard;
  }
  return problems;
}

/** Fails (throws) with every problem `takeConsoleErrorProblems` finds; what the setup file runs. */
export function assertConsoleErrorsDeclared(when = 'during this test'): void {
  const problems = takeConsoleErrorProblems();
  if (problems.length === 0) return;
  throw new Error(
    `${problems.length} console error problem(s) ${when} (declare an expected one with expectConsoleError):\n\n${problems.join('\n\n')}`,
  );
}
