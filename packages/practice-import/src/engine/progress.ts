import cliProgress from 'cli-progress';
import type { RowProgress } from './stage-file.ts';

export interface FileProgress extends RowProgress {
  done(rows: number, seconds: number): void;
}

/** What the import tells while it runs: one bar per file on a terminal, one line per file in a pipe. */
export interface ImportProgress {
  file(file: string, totalBytes: number): FileProgress;
  /** A line between the bars' updates (a phase that took a while). */
  note(line: string): void;
  stop(): void;
}

const count = (n: number) => Math.round(n).toLocaleString('en-GB');
const seconds = (s: number) => `${s.toFixed(1)} s`;

export function rowsRead(file: string, rows: number, took: number): string {
  return `${file}: ${count(rows)} rows read in ${seconds(took)} (${count(rows / Math.max(took, 0.001))} rows/s)`;
}

/** In a pipe (or with --progress none): a summary line as each file is read. */
export function lineProgress(out: NodeJS.WritableStream): ImportProgress {
  return {
    file: (file) => ({
      bytes: () => {},
      rows: () => {},
      done: (rows, took) => void out.write(`${rowsRead(file, rows, took)}\n`),
    }),
    note: (line) => void out.write(`${line}\n`),
    stop: () => {},
  };
}

/** On a terminal: a bar per file whose total is the file's size, advanced by the bytes read. */
export function barProgress(out: NodeJS.WritableStream): ImportProgress {
  const bars = new cliProgress.MultiBar(
    {
      stream: out,
      // Fits 80 columns: cli-progress cuts a line at the terminal's width.
      format: '{file} {bar} {percentage}% · {rows} rows · {rate}/s · {eta_formatted} left',
      barsize: 12,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    file(file, totalBytes) {
      const started = performance.now();
      const bar = bars.create(Math.max(totalBytes, 1), 0, { file: file.padEnd(23), rows: '0', rate: '0' });
      let read = 0;
      const payload = (rows: number) => {
        const took = (performance.now() - started) / 1000;
        return { file: file.padEnd(23), rows: count(rows), rate: count(rows / Math.max(took, 0.001)) };
      };
      return {
        bytes: (n) => void (read += n),
        rows: (rows) => bar.update(read, payload(rows)),
        done: (rows) => bar.update(Math.max(totalBytes, 1), payload(rows)),
      };
    },
    note: (line) => bars.log(`${line}\n`),
    stop: () => bars.stop(),
  };
}
