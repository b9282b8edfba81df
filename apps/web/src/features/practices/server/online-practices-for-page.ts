import { onlinePracticesResponseSchema, type OnlinePractice } from '@vet/contracts/practices';
import { getServerConfig } from '@/config/server';

/** The public list changes rarely: one API call per minute per web server serves every visitor. */
const freshForMs = 60_000;
let cached: { practices: Promise<OnlinePractice[] | undefined>; fetchedAt: number } | undefined;

/**
 * The practices for /practices, drawn on the server so the page arrives whole (decision 0118), and for
 * the first data of the pages that choose a practice. Undefined when the API does not answer well within
 * two seconds: /practices then offers Retry, and the other pages load the list in the browser. A failure
 * is not kept, so the next visitor tries again.
 */
export function onlinePracticesForPage(now = Date.now()): Promise<OnlinePractice[] | undefined> {
  if (cached && now - cached.fetchedAt < freshForMs) return cached.practices;
  const practices = fetchPractices();
  cached = { practices, fetchedAt: now };
  void practices.then((found) => {
    if (!found && cached?.practices === practices) cached = undefined;
  });
  return practices;
}

async function fetchPractices(): Promise<OnlinePractice[] | undefined> {
  try {
    const response = await fetch(`${getServerConfig().apiUrl}/online-practices`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(2_000),
      cache: 'no-store',
    });
    if (!response.ok) return undefined;
    return onlinePracticesResponseSchema.parse(await response.json());
  } catch {
    return undefined;
  }
}

/** For tests: forget the kept list. */
export function forgetOnlinePracticesForPage(): void {
  cached = undefined;
}
