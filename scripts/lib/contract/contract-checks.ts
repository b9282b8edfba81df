import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { apiDiff } from 'api-smart-diff';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { repoRoot } from '../shared/paths.ts';
import type { OpenApiDocument } from './integration-contract.ts';

/**
 * The integration contract's checks (decision 0109), each run by scripts/integration-contract.test.ts on
 * the committed contract, and on a planted change in a temporary copy to show it fails.
 */

/** A breaking change as the diff tool reports it: where (a JSON path) and what. */
export interface BreakingChange {
  where: string;
  action: string;
}

/**
 * What the diff tool compares: the paths under `prefix`, and each webhook as what it is to a practice
 * system, a body it reads. api-smart-diff classifies paths, not `webhooks`, and a webhook's body is
 * sent by the portal as a response is: a field removed breaks a receiver, a field added does not. So
 * each one stands as a path whose answer is the webhook's body (`/webhooks/pet.died`).
 */
function comparable(document: OpenApiDocument, prefix: string) {
  const paths = Object.fromEntries(
    Object.entries(document.paths).filter(([path]) => path.startsWith(`${prefix}/`)),
  );
  const webhooks = Object.fromEntries(
    Object.entries(document.webhooks ?? {}).map(([type, item]) => {
      const { requestBody } = (item as { post: { requestBody: { content: unknown } } }).post;
      return [
        `/webhooks/${type}`,
        { post: { responses: { '200': { description: type, content: requestBody.content } } } },
      ];
    }),
  );
  return { ...document, paths: { ...paths, ...webhooks }, webhooks: undefined };
}

/**
 * The breaking changes from `released` to `current` in the paths of one major version (its prefix,
 * /integration/v1) and in the webhooks, as api-smart-diff classifies them. A new major version's paths
 * (/integration/v2) are additions to the document, never a break of v1's.
 */
export function breakingChanges(
  released: OpenApiDocument,
  current: OpenApiDocument,
  prefix = integrationPathPrefix,
): BreakingChange[] {
  return apiDiff(comparable(released, prefix), comparable(current, prefix))
    .filter((diff) => diff.type === 'breaking')
    .map((diff) => ({ where: diff.path.join('/'), action: diff.action }))
    .filter((change) => !isNewEventType(change));
}

/**
 * A new event type added to an event's `type` enum: the diff tool counts any value added to a response's
 * enum as breaking, but the versioning policy makes a new event type an addition receivers ignore
 * (docs/integration/versioning.md, "How event types evolve").
 */
const isNewEventType = (change: BreakingChange): boolean =>
  change.action === 'add' &&
  (/(events|webhooks)\/.*\/properties\/type\/enum\/\d+$/.test(change.where) ||
    // The feed's items: one envelope a type, so a new type is one more alternative.
    /^paths\/\/integration\/v\d+\/events\/get\/.*\/properties\/events\/items\/oneOf\/\d+$/.test(
      change.where,
    ));

/** A problem Redocly's lint found: its rule, severity, message and where. */
export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  where: string;
}

/**
 * `redocly lint` with the repository's redocly.yaml (the recommended rules) on `file`. No telemetry and
 * no update check: the checks reach nothing beyond this machine.
 */
export function lintContract(file: string): { errors: number; warnings: number; problems: LintProblem[] } {
  const run = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      join(repoRoot, 'redocly.yaml'),
      '--format',
      'json',
    ],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
    },
  );
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint printed no report: ${run.stderr}`);
  const report = JSON.parse(run.stdout.slice(start)) as {
    totals: { errors: number; warnings: number };
    problems: {
      ruleId: string;
      severity: 'error' | 'warn';
      message: string;
      location: { pointer: string }[];
    }[];
  };
  return {
    ...report.totals,
    problems: report.problems.map(({ ruleId, severity, message, location }) => ({
      ruleId,
      severity,
      message,
      where: location[0]?.pointer ?? '',
    })),
  };
}
