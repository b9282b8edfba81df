import { describe, expect, it } from 'vitest';
import { commandsRefusing } from './command.ts';

/** A family whose refusals are kept, to see what a command was given or why not. */
const refusals: string[] = [];
const probeCommand = commandsRefusing<string[]>((command, _given, message) => {
  refusals.push(`${command.name}: ${message}`);
  return 9;
});
const probe = probeCommand({
  name: 'probe add',
  usage: '<name> [--kind <kind>] [--dry-run]',
  summary: 'a probe',
  options: { kind: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  positionals: { count: 1, refusal: 'Name one.' },
  run: ({ values, positionals }, given) => {
    given.push(JSON.stringify({ values, positionals }));
    return Promise.resolve(0);
  },
});

async function run(...args: string[]) {
  refusals.length = 0;
  const given: string[] = [];
  const status = await probe.run(args, given);
  return { status, given, refusals: [...refusals] };
}

describe('a command defined with what it takes', () => {
  it('runs with its arguments parsed, in any order', async () => {
    expect(await run('--kind', 'pets', 'north', '--dry-run')).toEqual({
      status: 0,
      given: [JSON.stringify({ values: { kind: 'pets', 'dry-run': true }, positionals: ['north'] })],
      refusals: [],
    });
  });

  it('refuses a wrong number of positionals with its own words, its family’s way', async () => {
    expect(await run()).toEqual({ status: 9, given: [], refusals: ['probe add: Name one.'] });
    expect(await run('north', 'south')).toMatchObject({ status: 9, refusals: ['probe add: Name one.'] });
  });

  it('takes an empty positional (an unset shell variable) as not given', async () => {
    expect(await run('')).toEqual({ status: 9, given: [], refusals: ['probe add: Name one.'] });
  });

  it('names an option it does not take, and says what node:util says of a bad value', async () => {
    expect((await run('north', '--kinds', 'pets')).refusals).toEqual([
      'probe add: --kinds is not an option of probe add.',
    ]);
    expect((await run('north', '-k')).refusals).toEqual(['probe add: -k is not an option of probe add.']);
    expect((await run('north', '--kind')).refusals).toEqual([
      "probe add: Option '--kind <value>' argument missing",
    ]);
  });

  it('refuses any positional when it declares none', async () => {
    const bare = probeCommand({ name: 'bare', usage: '', summary: 'bare', run: () => Promise.resolve(0) });
    refusals.length = 0;
    expect(await bare.run(['x'], [])).toBe(9);
    expect(refusals).toEqual([
      "bare: Unexpected argument 'x'. This command does not take positional arguments",
    ]);
    expect(await bare.run([], [])).toBe(0);
  });
});
