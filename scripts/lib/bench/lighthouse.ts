import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumBrowser, chromiumEnvironment } from '../shared/chromium.ts';

/** Lighthouse's figures for one page (scores 0–100; FCP, LCP and TBT in ms). */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  /**
   * The largest paint in the load Lighthouse watched (unthrottled, from this machine's loopback), from
   * which it simulates `lcpMs`. The simulation counts each request that had finished by this time, except
   * low-priority images and scripts that had not started running: on loopback the scripts load within
   * milliseconds of the page, so where they run before its largest text paints, the simulated LCP
   * carries every one of them over the slow network.
   */
  observedLcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse took as the largest contentful paint: the element's label, shortened. */
  lcpElement: string;
  /** The elements Lighthouse saw move (its layout-shifts audit), biggest first, at most three. */
  shiftedElements: string[];
  /** The audits that cost the page best-practices points: each id with the first thing it found. */
  bestPracticeFailures: string[];
  /**
   * Lighthouse's measure of the machine's CPU at that run (its BenchmarkIndex): its 4× slowdown assumes a
   * fast desktop (1,500–2,000); on a slower or busier machine the same page's TBT and score suffer.
   */
  benchmarkIndex: number;
  /** Where the page ended up, when not at the URL asked for (a redirect, e.g. to sign-in). */
  redirectedTo?: string;
  /** Why Lighthouse could not measure the page, when it could not (its scores are then 0 and NaN). */
  runtimeError?: string;
}

/** A page's figures over several runs: those of the run with the median performance score. */
export interface MedianLighthouseFigures extends LighthouseFigures {
  /** The lowest and highest performance score of the runs that measured the page. */
  performanceRange: [number, number];
  /** Why Lighthouse could not measure some runs (a flake such as NO_NAVSTART), left out of the median. */
  failedRuns: string[];
}

/**
 * Runs Lighthouse (its default config: the mobile preset, simulated throttling) on each page in turn,
 * `runs` times, in one Chromium, and reports the run with the median performance score. One run is not a
 * figure: its simulated LCP depends on whether a script happened to run before the largest text painted
 * in the load it observed, and the same page scored 88 and 100 in two runs. `cookie` is sent with every
 * request of a page's runs (a signed-in session).
 */
export async function runLighthouse<T extends { url: string; cookie?: string }>(
  pages: T[],
  runs: number,
  report: (page: T, figures: MedianLighthouseFigures) => void,
): Promise<void> {
  const browser = await chromiumBrowser();
  const chrome = await chromeLauncher.launch({
    // The same browser and flags as launchChromium; chrome-launcher needs headless as a flag.
    chromePath: browser.executablePath,
    envVars: chromiumEnvironment(browser),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    for (const page of pages) {
      const measured: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) measured.push(await measure(chrome.port, page));
      report(page, median(measured));
    }
  } finally {
    chrome.kill();
  }
}

/**
 * The run with the median performance score (of an even number, the lower middle one), with the range.
 * Runs Lighthouse could not measure count only as failed; if none measured, the first run stands.
 */
function median(runs: LighthouseFigures[]): MedianLighthouseFigures {
  const failedRuns = runs.flatMap((run) => (run.runtimeError ? [run.runtimeError] : []));
  const scored = runs.filter((run) => !run.runtimeError).sort((a, b) => a.performance - b.performance);
  const middle = scored[Math.floor((scored.length - 1) / 2)] ?? runs[0]!;
  const range: [number, number] = [scored[0]?.performance ?? 0, scored.at(-1)?.performance ?? 0];
  return { ...middle, performanceRange: range, failedRuns };
}

/** One Lighthouse run of a page, in the Chromium listening on `port`. */
async function measure(
  port: number,
  { url, cookie }: { url: string; cookie?: string },
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    observedLcpMs: observedMetric(audits['metrics']?.details, 'observedLargestContentfulPaint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: nodeLabels(audits['largest-contentful-paint-element']?.details)[0] ?? 'unknown',
    shiftedElements: [...new Set(nodeLabels(audits['layout-shifts']?.details))].slice(0, 3),
    bestPracticeFailures: (categories['best-practices']?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score !== 1)
      .map((ref) => `${ref.id} ${firstFinding(audits[ref.id]?.details)}`.trim()),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    redirectedTo: result.lhr.finalDisplayedUrl === url ? undefined : result.lhr.finalDisplayedUrl,
    runtimeError: result.lhr.runtimeError
      ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`
      : undefined,
  };
}

/** One of the observed (unthrottled) timings in the metrics audit's details, in ms since navigation. */
function observedMetric(details: unknown, name: string): number {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const observed = items[0]?.[name];
  return typeof observed === 'number' ? observed : Number.NaN;
}

/** An audit's first finding (e.g. the Issues panel's entry of inspector-issues), shortened: what to chase. */
function firstFinding(details: unknown): string {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  if (items.length === 0) return '';
  const text = JSON.stringify(items[0]);
  return `(${items.length}: ${text.length > 200 ? `${text.slice(0, 197)}...` : text})`;
}

/** The node labels in an audit's details, in order (Lighthouse 12 nests them in tables), shortened. */
function nodeLabels(details: unknown): string[] {
  const found = JSON.stringify(details ?? {}).matchAll(/"nodeLabel":"((?:[^"\\]|\\.)*)"/g);
  return [...found].map(([, label = '']) => (label.length > 60 ? `${label.slice(0, 57)}...` : label));
}
