/**
 * The load balancer's configuration for the staging stack: HAProxy in HTTP mode in front of N server
 * instances. Pure, so every rule is tested.
 *
 * - Every request may go to any instance (round robin): the instances share PostgreSQL and Redis, so none
 *   keeps a player's state to itself.
 * - The socket.io paths (`/activity`, `/chat`) are sticky by a cookie HAProxy sets: socket.io's HTTP
 *   long-polling (a browser's first transport, before it upgrades) sends several requests that must reach
 *   the instance holding the session. Websocket upgrades (those and `/rpc`) pass through as tunnels.
 * - Health checks are TCP connects every second: an instance listens only once it is ready, and a killed one
 *   refuses at once. An HTTP check on `/api/health` would take every instance out together while the chain
 *   pauses (each answers 503 then), turning a chain hiccup into a total outage.
 * - A request whose connection to an instance fails is retried on another (`retry-on conn-failure`): it
 *   never reached the dead instance, so retrying can't apply it twice. Nothing else is retried.
 *
 * @module
 */

/** One server instance behind the load balancer. */
export interface Backend {
  /** `s1`, `s2`, …: names the server in HAProxy and in the sticky cookie. */
  readonly name: string;
  readonly port: number;
}

export interface HaproxyOptions {
  /** Where the load balancer listens (127.0.0.1). */
  readonly host: string;
  readonly port: number;
  /** HAProxy's statistics page (read-only), on its own port. */
  readonly statsPort: number;
  readonly backends: readonly Backend[];
  /** Most connections at once (sockets are long-lived: each open page holds two). Default 9,000: HAProxy
   * needs two descriptors a connection, and a default hard limit of 20,000 descriptors allows no more. */
  readonly maxConnections?: number;
}

/** The paths socket.io serves (the server's `/activity` and `/chat` namespaces' transport paths). */
export const SOCKET_PATHS = ['/activity/', '/chat/'] as const;

/** The sticky cookie's name for socket.io's long-polling. */
export const STICKY_COOKIE = 'arcade_lb';

function servers(backends: readonly Backend[], sticky: boolean): string[] {
  return backends.map(
    (backend) =>
      `  server ${backend.name} 127.0.0.1:${String(backend.port)} check inter 1s fall 2 rise 2` +
      (sticky ? ` cookie ${backend.name}` : ''),
  );
}

/** The text of `haproxy.cfg`. */
export function haproxyConfig(options: HaproxyOptions): string {
  if (options.backends.length === 0) throw new Error('the load balancer needs at least one instance');
  const maxConnections = options.maxConnections ?? 9_000;
  return [
    'global',
    `  maxconn ${String(maxConnections)}`,
    '',
    'defaults',
    '  mode http',
    `  maxconn ${String(maxConnections)}`,
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An upgraded websocket (socket.io, /rpc) lives as long as the page.
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    '  timeout http-request 10s',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    '  retry-on conn-failure',
    '',
    'frontend arcade',
    `  bind ${options.host}:${String(options.port)}`,
    `  acl socket_io path_beg ${SOCKET_PATHS.join(' ')}`,
    '  use_backend sockets if socket_io',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    ...servers(options.backends, false),
    '',
    'backend sockets',
    '  balance roundrobin',
    `  cookie ${STICKY_COOKIE} insert indirect nocache httponly`,
    ...servers(options.backends, true),
    '',
    'listen stats',
    `  bind ${options.host}:${String(options.statsPort)}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 5s',
    '',
  ].join('\n');
}
