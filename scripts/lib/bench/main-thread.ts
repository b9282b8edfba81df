import type { BrowserContext } from 'playwright-core';
import { quantile } from './open-loop.ts';

/** Lighthouse's mobile preset slows the CPU down this much; so does this measure. */
const cpuSlowdown = 4;

/** A page's main-thread figures at a 4× slower CPU: medians over several cold loads. */
export interface MainThreadFigures {
  /** The page's tasks on the main thread, in all (Chromium's TaskDuration). */
  busyMs: number;
  /** The longest task of the load (in the portal: evaluating the page's modules, then hydrating). */
  longestTaskMs: number;
}

// Run in the page (as text: these scripts are typed for Node, without the DOM's types).
const recordLongTasks = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;
const readLongTasks = `window.__longTasks`;

/**
 * Loads `url` `runs` times in new tabs of `context` (plus one load first to warm the server) with the
 * HTTP cache off (so no compiled code is reused: each load is a first visit's) and the CPU slowed as
 * Lighthouse's mobile preset does, and reads Chromium's main-thread times and the long tasks it reports
 * until a second after the network is idle: the work a phone does to start the page. Lighthouse's TBT
 * (one simulated load, counting only what falls after the first paint) moves a lot between runs; these
 * totals move less.
 */
export async function measureMainThread(
  context: BrowserContext,
  url: string,
  runs = 5,
): Promise<MainThreadFigures> {
  const busy: number[] = [];
  const longest: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    const page = await context.newPage();
    try {
      await page.addInitScript({ content: recordLongTasks });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await cdp.send('Performance.enable');
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1_000);
      const tasks = await page.evaluate<[number, number][]>(readLongTasks);
      const { metrics } = await cdp.send('Performance.getMetrics');
      const seconds = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
      if (run === 0) continue;
      busy.push(seconds('TaskDuration') * 1000);
      longest.push(Math.max(0, ...tasks.map(([, duration]) => duration)));
    } finally {
      await page.close();
    }
  }
  return { busyMs: median(busy), longestTaskMs: median(longest) };
}

function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
