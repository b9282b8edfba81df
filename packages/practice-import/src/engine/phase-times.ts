import type { KindFile } from '../kinds/kind.ts';

/**
 * Where an import's time goes, file by file and phase by phase, for the benchmark (bench-import.ts): the
 * import itself never prints it. `read` is csv-parse and the UTF-8 check (the file's time less the rest),
 * `parse` the kind's cell rules and the COPY text, `copy` the waits for the COPY to take its data,
 * `index` the staging table's index and analyse, `check` the checks across rows, `apply` the upserts;
 * `stored` is loading the fingerprints stored for a file (fingerprints.ts).
 */
export type Phase = 'stored' | 'read' | 'parse' | 'copy' | 'index' | 'check' | 'apply';

export class PhaseTimes {
  readonly seconds: Partial<Record<KindFile, Partial<Record<Phase, number>>>> = {};

  add(file: KindFile, phase: Phase, seconds: number): void {
    const phases = (this.seconds[file] ??= {});
    phases[phase] = (phases[phase] ?? 0) + seconds;
  }

  /** Times `work` as `phase` of `file`. */
  async time<T>(file: KindFile, phase: Phase, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(file, phase, (performance.now() - started) / 1000);
    }
  }
}
