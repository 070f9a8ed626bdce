import { describe, expect, it } from 'vitest';

import { parseStackArgs } from './args.ts';
import { DEFAULT_STACK_OPTIONS } from './stack.ts';

describe('parseStackArgs', () => {
  it('starts two instances on the documented ports by default', () => {
    expect(parseStackArgs([])).toEqual({ command: 'start', options: { ...DEFAULT_STACK_OPTIONS } });
  });

  it('takes a command first and flags as --flag value or --flag=value', () => {
    const { command, options } = parseStackArgs([
      'start',
      '--instances',
      '3',
      '--port=9180',
      '--dir',
      '/tmp/s',
    ]);
    expect(command).toBe('start');
    expect(options).toMatchObject({ instances: 3, port: 9180, dir: '/tmp/s' });
    expect(parseStackArgs(['stop']).command).toBe('stop');
    expect(parseStackArgs(['status', '--dir=/tmp/s']).options.dir).toBe('/tmp/s');
  });

  it('refuses an unknown command or flag, a bad number and a database that is not PostgreSQL', () => {
    expect(() => parseStackArgs(['restart'])).toThrow('unknown command restart');
    expect(() => parseStackArgs(['--replicas', '2'])).toThrow('unknown option --replicas');
    expect(() => parseStackArgs(['--instances', '0'])).toThrow('--instances must be between 1 and 16');
    expect(() => parseStackArgs(['--instances', 'two'])).toThrow('--instances needs a whole number');
    expect(() => parseStackArgs(['--database-url', 'mysql://x/y'])).toThrow(
      '--database-url needs a postgres:// URL',
    );
  });

  it('refuses ports that two parts would share', () => {
    expect(() => parseStackArgs(['--port', '8180', '--instances', '3', '--chain-port', '8183'])).toThrow(
      'the chain and instance s3 would both use port 8183',
    );
    expect(() => parseStackArgs(['--redis-port', '9000'])).toThrow(
      "Redis and the chain's PubSub would both use port 9000",
    );
  });
});
