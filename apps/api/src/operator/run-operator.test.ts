import { describe, expect, it } from 'vitest';
import { operatorCommands } from './commands.ts';
import { helpLines } from './help.ts';
import { runInProcess } from './testing/run-in-process.ts';

const noSettings = { problem: 'not read' };

describe('portal-admin’s dispatch (decision 0097)', () => {
  it('lists every command with its arguments when asked for help, on standard output', async () => {
    for (const ask of ['help', '--help', '-h']) {
      const help = await runInProcess([ask], noSettings);
      expect(help).toEqual({ status: 0, stdout: `${helpLines(operatorCommands).join('\n')}\n`, stderr: '' });
    }
    const { stdout } = await runInProcess(['help'], noSettings);
    for (const usage of [
      'migrate',
      'lists [--dry-run] [--data <folder>]',
      'import <directory> [--dry-run] [--report <file>] [--follow-links]',
      'endpoints add <name> <url> [--practices <ref,…>] [--types <type,…>]',
      'endpoints list',
      'endpoints remove <name>',
      'endpoints reseal',
      'failed [--endpoint <name>]',
      'redrive [--endpoint <name>] [--event evt_N]',
      'unacknowledged [--older-than 24h]',
      'invite <client_ref> [--email [--replace]]',
    ])
      expect(stdout).toContain(`\n  ${usage}\n      `);
  });

  it('shows the help on standard error and exits 2 with no command, or an unknown one', async () => {
    const none = await runInProcess([], noSettings);
    expect(none).toMatchObject({ status: 2, stdout: '' });
    expect(none.stderr).toMatch(/^Usage: portal-admin <command>/);
    const unknown = await runInProcess(['endpoints', 'rename', 'a'], noSettings);
    expect(unknown).toMatchObject({ status: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^Unknown command: endpoints rename a\nUsage: portal-admin/);
  });

  it('reads the settings only for a command, and stops at a bad one', async () => {
    expect(await runInProcess(['migrate'], { problem: 'Invalid configuration: NODE_ENV' })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'Invalid configuration: NODE_ENV\n',
    });
  });
});
