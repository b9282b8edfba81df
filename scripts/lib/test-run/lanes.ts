import { join } from 'node:path';

/**
 * The vitest runs `npm test` makes of its arguments. With no project and no file named, two lanes side by
 * side: the end-to-end project, and every other project (scripts/run-tests.ts says why). Otherwise one
 * lane with the arguments as given. Each lane writes a JSON report of its own into the run's folder; a
 * JSON report the caller asked for is taken out of the arguments and written merged afterwards.
 */
export const e2eProject = 'e2e';
export const otherProjects = ['unit', 'integration', 'integration-isolated', 'tooling'] as const;

export interface Lane {
  name: string;
  args: string[];
  report: string;
}

export function laneArguments(given: string[], runDir: string): { lanes: Lane[]; jsonReport?: string } {
  const args: string[] = [];
  let jsonReport: string | undefined;
  for (let i = 0; i < given.length; i++) {
    const arg = given[i] as string;
    if (arg === '--reporter=json') continue;
    if (arg === '--reporter' && given[i + 1] === 'json') {
      i++;
      continue;
    }
    if (arg.startsWith('--outputFile.json=')) {
      jsonReport = arg.slice('--outputFile.json='.length);
      continue;
    }
    if (arg === '--outputFile.json') {
      jsonReport = given[++i];
      continue;
    }
    args.push(arg);
  }
  // The reporter people read stays: vitest drops its default once any reporter is named.
  if (!args.some((arg) => arg === '--reporter' || arg.startsWith('--reporter=')))
    args.push('--reporter=default');
  const chosen = args.some(
    (arg) => arg === '--project' || arg.startsWith('--project=') || !arg.startsWith('-'),
  );
  const lane = (name: string, extra: string[]): Lane => {
    const report = join(runDir, `report-${name}.json`);
    return { name, report, args: [...extra, ...args, '--reporter=json', `--outputFile.json=${report}`] };
  };
  if (chosen) return { lanes: [lane('tests', [])], jsonReport };
  return {
    lanes: [
      lane('end-to-end', ['--project', e2eProject]),
      lane(
        'the rest',
        otherProjects.flatMap((project) => ['--project', project]),
      ),
    ],
    jsonReport,
  };
}
