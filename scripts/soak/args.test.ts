import { describe, expect, it } from 'vitest';

import { DEFAULT_SOAK_OPTIONS, parseSoakArgs } from './args.ts';

describe('parseSoakArgs', () => {
  it('defaults to 200 players for 10 minutes', () => {
    expect(parseSoakArgs([])).toEqual(DEFAULT_SOAK_OPTIONS);
    expect(DEFAULT_SOAK_OPTIONS).toMatchObject({ players: 200, durationS: 600 });
  });

  it('takes --flag value and --flag=value', () => {
    expect(parseSoakArgs(['--duration', '60', '--players=50', '--pace', '2-9', '--seed=7'])).toEqual({
      players: 50,
      durationS: 60,
      paceS: { min: 2, max: 9 },
      seed: 7,
      chaos: false,
      instances: 2,
    });
  });

  it('plays the chaos soak on 2 instances unless told how many', () => {
    expect(parseSoakArgs(['--chaos', '--duration', '90'])).toMatchObject({
      chaos: true,
      instances: 2,
      durationS: 90,
    });
    expect(parseSoakArgs(['--chaos', '--instances=3'])).toMatchObject({ chaos: true, instances: 3 });
    expect(() => parseSoakArgs(['--chaos', '--instances', '1'])).toThrow(
      '--instances must be between 2 and 8',
    );
    expect(() => parseSoakArgs(['--instances', '3'])).toThrow('--instances needs --chaos');
  });

  it('refuses unknown flags and bad values with the usage line', () => {
    expect(() => parseSoakArgs(['--players'])).toThrow(/--players needs a whole number\nusage: npm run soak/);
    expect(() => parseSoakArgs(['--players', '0'])).toThrow('--players must be between 1 and 1000');
    expect(() => parseSoakArgs(['--duration', '5'])).toThrow('--duration must be between 10 and 86400');
    expect(() => parseSoakArgs(['--duration', '1.5'])).toThrow('--duration needs a whole number');
    expect(() => parseSoakArgs(['--pace', '9-2'])).toThrow('--pace needs 1 ≤ min ≤ max ≤ 3600');
    expect(() => parseSoakArgs(['--pace', 'fast'])).toThrow('--pace needs <min>-<max>');
    expect(() => parseSoakArgs(['--bots'])).toThrow('unknown argument --bots');
  });
});
