/** One request's outcome: status 0 means no answer at all (refused, reset or timed out). */
export interface Answer {
  startedAt: number;
  status: number;
  body: unknown;
  /** The Set-Cookie headers of the answer. */
  setCookies: string[];
}

/** A request with a deadline: a process that hangs or crashes shows up as status 0, never as a stuck test. */
export async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a page, not JSON
    }
    return { startedAt, status: response.status, body, setCookies: response.headers.getSetCookie() };
  } catch {
    return { startedAt, status: 0, body: null, setCookies: [] };
  }
}

/**
 * Runs `step` again and again, `pauseMs` apart (the pace of the load, not a wait for a condition), until
 * `stop` is called or `step` returns false; `done` settles when the last step has finished.
 */
export function repeat(step: () => Promise<boolean | void>, pauseMs: number) {
  let running = true;
  const done = (async () => {
    while (running) {
      if ((await step()) === false) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    done,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Polls `check` every 50 ms until it holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
