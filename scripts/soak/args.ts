/**
 * The soak's command line: `--players <n>` (default 200), `--duration <seconds>` (default 600), `--pace
 * <min>-<max>` (seconds between one player's turns, default 5-15), `--seed <n>` (the players' random
 * sources; default a fresh one), and `--chaos` with `--instances <n>` (default 2): play against the staging
 * stack through its load balancer while faults are injected (docs/soak.md, Chaos). Pure, so every rule is
 * tested.
 *
 * @module
 */

/** What a soak run does. */
export interface SoakOptions {
  readonly players: number;
  /** How long the players play, seconds (settlement is then drained, however long that takes). */
  readonly durationS: number;
  /** Seconds between two turns of one player, drawn uniformly in [min, max]. */
  readonly paceS: { readonly min: number; readonly max: number };
  /** Seed of the players' random sources; null: a fresh one. */
  readonly seed: number | null;
  /** Play against the staging stack (several instances behind HAProxy) while killing and pausing its parts. */
  readonly chaos: boolean;
  /** Server instances of the chaos stack. */
  readonly instances: number;
}

export const DEFAULT_SOAK_OPTIONS: SoakOptions = Object.freeze({
  players: 200,
  durationS: 600,
  paceS: Object.freeze({ min: 5, max: 15 }),
  seed: null,
  chaos: false,
  instances: 2,
});

export const USAGE =
  'usage: npm run soak -- [--players <n>] [--duration <seconds>] [--pace <min>-<max>] [--seed <n>] [--chaos [--instances <n>]]';

function whole(flag: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text)) throw new Error(`${flag} needs a whole number\n${USAGE}`);
  const value = Number(text);
  if (value < min || value > max) throw new Error(`${flag} must be between ${min} and ${max}\n${USAGE}`);
  return value;
}

/**
 * Parses `argv` (without node and the script). Accepts `--flag value` and `--flag=value`.
 *
 * @throws Error with the usage line on an unknown flag or a bad value.
 * @example parseSoakArgs(['--duration', '60', '--players=50']) // { players: 50, durationS: 60, … }
 */
export function parseSoakArgs(argv: readonly string[]): SoakOptions {
  let { players, durationS, paceS, seed, chaos, instances } = DEFAULT_SOAK_OPTIONS;
  let instancesGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--chaos') {
      chaos = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    switch (flag) {
      case '--players':
        players = whole(flag, value, 1, 1_000);
        break;
      case '--duration':
        durationS = whole(flag, value, 10, 86_400);
        break;
      case '--instances':
        instances = whole(flag, value, 2, 8);
        instancesGiven = true;
        break;
      case '--seed':
        seed = whole(flag, value, 0, 2 ** 32 - 1);
        break;
      case '--pace': {
        const match = /^(\d+)-(\d+)$/.exec(value ?? '');
        if (match === null) throw new Error(`--pace needs <min>-<max> in seconds, e.g. 5-15\n${USAGE}`);
        const min = Number(match[1]);
        const max = Number(match[2]);
        if (min < 1 || max < min || max > 3_600) {
          throw new Error(`--pace needs 1 ≤ min ≤ max ≤ 3600\n${USAGE}`);
        }
        paceS = { min, max };
        break;
      }
      default:
        throw new Error(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  if (instancesGiven && !chaos) throw new Error(`--instances needs --chaos\n${USAGE}`);
  return { players, durationS, paceS, seed, chaos, instances };
}
