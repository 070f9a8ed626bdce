/**
 * The stack's command line (`npm run stack -- …`). Pure, so every rule is tested.
 *
 * @module
 */

import { DEFAULT_STACK_OPTIONS, type StackOptions } from './stack.ts';

export type StackCommand = 'start' | 'stop' | 'status';

export const USAGE =
  'usage: npm run stack -- [start|stop|status] [--instances <1-16>] [--port <port>] [--stats-port <port>] ' +
  '[--chain-port <port>] [--redis-port <port>] [--dir <directory>] [--database-url <postgres://…>]';

function whole(flag: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text)) throw new Error(`${flag} needs a whole number\n${USAGE}`);
  const value = Number(text);
  if (value < min || value > max) {
    throw new Error(`${flag} must be between ${String(min)} and ${String(max)}\n${USAGE}`);
  }
  return value;
}

/**
 * Parses `argv` (without node and the script): a command (default `start`) and `--flag value` or
 * `--flag=value` options.
 *
 * @throws Error with the usage line on an unknown command or flag, a bad value, or ports that overlap.
 * @example parseStackArgs(['--instances', '3']).options.instances === 3
 */
export function parseStackArgs(argv: readonly string[]): { command: StackCommand; options: StackOptions } {
  let command: StackCommand = 'start';
  const options: { -readonly [K in keyof StackOptions]: StackOptions[K] } = { ...DEFAULT_STACK_OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      if (i !== 0 || !['start', 'stop', 'status'].includes(arg))
        throw new Error(`unknown command ${arg}\n${USAGE}`);
      command = arg as StackCommand;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    switch (flag) {
      case '--instances':
        options.instances = whole(flag, value, 1, 16);
        break;
      case '--port':
        options.port = whole(flag, value, 1024, 65_000);
        break;
      case '--stats-port':
        options.statsPort = whole(flag, value, 1024, 65_535);
        break;
      case '--chain-port':
        options.chainPort = whole(flag, value, 1024, 65_534);
        break;
      case '--redis-port':
        options.redisPort = whole(flag, value, 1024, 65_535);
        break;
      case '--dir':
        if (value === undefined || value === '') throw new Error(`--dir needs a directory\n${USAGE}`);
        options.dir = value;
        break;
      case '--database-url':
        if (value === undefined || !/^postgres(ql)?:\/\//.test(value)) {
          throw new Error(`--database-url needs a postgres:// URL\n${USAGE}`);
        }
        options.databaseUrl = value;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  const used = new Map<number, string>();
  const claim = (port: number, what: string): void => {
    const other = used.get(port);
    if (other !== undefined)
      throw new Error(`${what} and ${other} would both use port ${String(port)}\n${USAGE}`);
    used.set(port, what);
  };
  claim(options.port, 'the load balancer');
  for (let index = 1; index <= options.instances; index++)
    claim(options.port + index, `instance s${String(index)}`);
  claim(options.statsPort, 'the statistics page');
  claim(options.chainPort, 'the chain');
  claim(options.chainPort + 1, "the chain's PubSub");
  claim(options.redisPort, 'Redis');
  return { command, options };
}
