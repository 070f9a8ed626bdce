/**
 * The server's log output: pino at `LOG_LEVEL`, as JSON or through pino-pretty (`LOG_FORMAT`).
 *
 * A developer running `npm start` in a terminal reads one short coloured line per entry; production, pipes
 * and tests get one JSON object per line, for a log collector. Secret-bearing query parameters never reach
 * the logs in either format.
 *
 * @module
 */

import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';

import type { Env } from './env.ts';

/** The two output formats. */
export type LogFormat = 'json' | 'pretty';

/**
 * The format `env` asks for: `LOG_FORMAT` when set, else `pretty` when stdout is a terminal outside
 * production, `json` otherwise.
 *
 * @param isTty whether stdout is a terminal (default `process.stdout.isTTY`).
 */
export function logFormat(
  env: Pick<Env, 'LOG_FORMAT' | 'NODE_ENV'>,
  isTty = process.stdout.isTTY,
): LogFormat {
  if (env.LOG_FORMAT !== undefined) return env.LOG_FORMAT;
  return isTty && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/** `url` with the values of secret-bearing query parameters (`token`, `code`, `state`) replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|state)=)[^&#]*/gi, '$1***');
}

/**
 * Keys the pretty format leaves out of each line: process fields nobody reads in a terminal, and the access
 * log's structured copy of what its message already says.
 */
export const PRETTY_IGNORED_KEYS = 'pid,hostname,reqId,http';

/** pino-pretty's options: one line per entry, local wall-clock time, colours on a terminal. */
export function prettyOptions(colorize: boolean): pinoPretty.PrettyOptions {
  return {
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: PRETTY_IGNORED_KEYS,
    // Synchronous: the last lines before `process.exit` (a failed start, Ctrl-C) are not lost.
    sync: true,
  };
}

/**
 * Fastify's `logger` option for `env`.
 *
 * @param isTty whether stdout is a terminal (default `process.stdout.isTTY`).
 */
export function loggerOptions(
  env: Pick<Env, 'LOG_FORMAT' | 'LOG_LEVEL' | 'NODE_ENV'>,
  isTty = process.stdout.isTTY,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: env.LOG_LEVEL,
    // The OAuth start link carries a single-use code in its query: it never reaches the logs.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(logFormat(env, isTty) === 'pretty' ? { stream: pinoPretty(prettyOptions(isTty)) } : {}),
  };
}
