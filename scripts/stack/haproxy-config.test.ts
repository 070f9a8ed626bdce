import { describe, expect, it } from 'vitest';

import { haproxyConfig, STICKY_COOKIE } from './haproxy-config.ts';
import { findProgram, PART_COMMANDS, requirePrograms, runs } from './stack.ts';

const config = haproxyConfig({
  host: '127.0.0.1',
  port: 8180,
  statsPort: 8404,
  backends: [
    { name: 's1', port: 8181 },
    { name: 's2', port: 8182 },
  ],
});
const section = (name: string): string[] => {
  const lines = config.split('\n');
  const start = lines.indexOf(name);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end).map((line) => line.trim());
};

describe('haproxyConfig', () => {
  it('spreads plain requests over every instance, without stickiness', () => {
    expect(section('backend instances')).toEqual([
      'balance roundrobin',
      'server s1 127.0.0.1:8181 check inter 1s fall 2 rise 2',
      'server s2 127.0.0.1:8182 check inter 1s fall 2 rise 2',
    ]);
  });

  it("keeps socket.io's long-polling requests on one instance by a cookie", () => {
    expect(section('frontend arcade')).toEqual([
      'bind 127.0.0.1:8180',
      'acl socket_io path_beg /activity/ /chat/',
      'use_backend sockets if socket_io',
      'default_backend instances',
    ]);
    expect(section('backend sockets')).toEqual([
      'balance roundrobin',
      `cookie ${STICKY_COOKIE} insert indirect nocache httponly`,
      'server s1 127.0.0.1:8181 check inter 1s fall 2 rise 2 cookie s1',
      'server s2 127.0.0.1:8182 check inter 1s fall 2 rise 2 cookie s2',
    ]);
  });

  it('retries only requests that never reached an instance, and keeps websockets open as tunnels', () => {
    const defaults = section('defaults');
    expect(defaults).toContain('retry-on conn-failure');
    expect(defaults).toContain('option redispatch');
    expect(defaults).toContain('timeout tunnel 1h');
    expect(defaults).toContain('option forwardfor');
    expect(defaults.filter((line) => line.startsWith('retry-on'))).toHaveLength(1);
  });

  it('refuses a load balancer without instances', () => {
    expect(() => haproxyConfig({ host: '127.0.0.1', port: 1, statsPort: 2, backends: [] })).toThrow(
      'the load balancer needs at least one instance',
    );
  });
});

describe('requirePrograms', () => {
  it('names each missing program with its Debian package', () => {
    expect(() => requirePrograms(['/nonexistent'])).toThrow(
      'the stack needs haproxy (Debian package haproxy) and redis-server (Debian package redis-server): apt-get install -y haproxy redis-server',
    );
    expect(findProgram('definitely-not-a-program', ['/nonexistent'])).toBeNull();
  });
});

describe('runs', () => {
  it('recognises a part by its command line, so a saved pid another program took over is left alone', () => {
    expect(runs(process.pid, 'vitest')).toBe(true);
    expect(runs(process.pid, PART_COMMANDS.haproxy)).toBe(false);
    expect(runs(2 ** 22 + 12_345, PART_COMMANDS.instance)).toBe(false);
  });
});
