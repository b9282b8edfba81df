import { describe, expect, it } from 'vitest';
import type { EventsCommand } from './commands/command.ts';
import { eventsCommands, helpLines, runEventsCli } from './run-cli.ts';
import { productionUrlRule, testSecretKeys } from './testing/secret-keys.ts';

/** The CLI's dispatch, without a database: help, unknown commands, a missing DATABASE_URL. */
function io(databaseUrl?: string) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      databaseUrl,
      secretKeys: testSecretKeys,
      endpointUrlRule: productionUrlRule,
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
    },
    out,
    err,
  };
}

describe('npm run events', () => {
  it('lists every command with its arguments when asked for help', async () => {
    const { io: given, out } = io();
    expect(await runEventsCli(['help'], given)).toBe(0);
    expect(out).toEqual(helpLines(eventsCommands));
    expect(out.join('\n')).toMatch(
      /^ {2}endpoints add <name> <url> \[--practices <ref,…>\] \[--types <type,…>\] +add a webhook endpoint/m,
    );
    for (const name of ['endpoints list', 'endpoints remove', 'failed', 'redrive', 'unacknowledged']) {
      expect(out.some((line) => line.startsWith(`  ${name}`))).toBe(true);
    }
  });

  it('shows the help and exits 2 with no command or an unknown one', async () => {
    const none = io('postgres://localhost/portal');
    expect(await runEventsCli([], none.io)).toBe(2);
    expect(none.err).toEqual(helpLines(eventsCommands));

    const unknown = io('postgres://localhost/portal');
    expect(await runEventsCli(['endpoints', 'rename', 'a'], unknown.io)).toBe(2);
    expect(unknown.err[0]).toBe('Unknown command: endpoints rename a');
  });

  it('needs DATABASE_URL to run a command', async () => {
    const { io: given, err } = io(undefined);
    expect(await runEventsCli(['failed'], given)).toBe(2);
    expect(err).toEqual(['DATABASE_URL is not set: it names the portal’s database.']);
  });

  it('runs the command whose words begin the arguments, with the rest', async () => {
    const calls: string[][] = [];
    const probe = (name: string): EventsCommand => ({
      name,
      usage: '',
      summary: name,
      run: (args) => {
        calls.push([name, ...args]);
        return Promise.resolve(0);
      },
    });
    const { io: given } = io('postgres://127.0.0.1:1/none');
    const commands = [probe('endpoints'), probe('endpoints add')];
    expect(await runEventsCli(['endpoints', 'add', 'pms', 'https://pms.example/'], given, commands)).toBe(0);
    expect(calls).toEqual([['endpoints add', 'pms', 'https://pms.example/']]);
  });
});
