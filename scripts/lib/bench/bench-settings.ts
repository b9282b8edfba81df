/**
 * The settings a bench on the group data set reads from the environment (docs/benchmarks.md), each with
 * the bench's own default: BENCH_SCALE (the data set's size, 1 = 500 practices), BENCH_SECONDS (how long
 * the measured load runs), BENCH_API_PROCESSES (default 1, as production runs several: decision 0070) and
 * BENCH_REUSE=1 (keep a data set seeded today, prepareGroupDatabase).
 */
export function groupBenchSettings(defaults: { scale: number; seconds: number }) {
  const numberOf = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    scale: numberOf('BENCH_SCALE', defaults.scale),
    seconds: numberOf('BENCH_SECONDS', defaults.seconds),
    apiProcesses: numberOf('BENCH_API_PROCESSES', 1),
    reuse: process.env.BENCH_REUSE === '1',
  };
}
