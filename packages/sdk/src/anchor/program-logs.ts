/**
 * Reading a transaction's log messages the way Anchor's `EventParser` does: track which program is executing
 * from the runtime's `Program <id> invoke [n]` / `Program <id> success` / `Program <id> failed: …` lines, so
 * a `Program data:` line is attributed to the program that logged it and never to one it called or that
 * called it.
 *
 * Logs are plain text with no structured alternative, so this is the one place that parses runtime log
 * lines. For a failed transaction prefer the structured error (`SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM`).
 *
 * @module
 */

import { getBase64Encoder, type Address, type ReadonlyUint8Array } from '@solana/kit';

const BASE58_ADDRESS = '([1-9A-HJ-NP-Za-km-z]{32,44})';
const INVOKE = new RegExp(`^Program ${BASE58_ADDRESS} invoke \\[\\d+\\]$`);
const SUCCESS = new RegExp(`^Program ${BASE58_ADDRESS} success$`);
const FAILED = new RegExp(`^Program ${BASE58_ADDRESS} failed: (.*)$`);
const CUSTOM_ERROR = /^custom program error: 0x([0-9a-fA-F]+)$/;
const PROGRAM_DATA = 'Program data: ';
const PROGRAM_LOG = 'Program log: ';
const LOG_TRUNCATED = 'Log truncated';

/** The lines logged while `programAddress` itself was the executing program (not a program it called). */
function linesLoggedBy(logs: readonly string[], programAddress: Address): string[] {
  const lines: string[] = [];
  const stack: string[] = [];
  for (const line of logs) {
    if (line === LOG_TRUNCATED) break;
    const invoke = INVOKE.exec(line);
    if (invoke !== null) {
      stack.push(invoke[1]!);
      continue;
    }
    if (SUCCESS.test(line) || FAILED.test(line)) {
      stack.pop();
      continue;
    }
    if (stack.at(-1) === programAddress) lines.push(line);
  }
  return lines;
}

/**
 * The payloads of the `Program data:` lines (`sol_log_data`) logged while `programAddress` was the
 * executing program, in order. Each payload is its base64 fields (`sol_log_data` logs one per slice,
 * separated by spaces; Anchor's `emit!` logs one).
 *
 * @example
 * ```ts
 * getProgramDataLogs(meta.logMessages, FORESIGHT_PROGRAM_ADDRESS); // [['/1CcP70WBOg...']]
 * ```
 */
export function getProgramDataLogs(logs: readonly string[], programAddress: Address): string[][] {
  return linesLoggedBy(logs, programAddress)
    .filter((line) => line.startsWith(PROGRAM_DATA))
    .map((line) =>
      line
        .slice(PROGRAM_DATA.length)
        .split(' ')
        .filter((field) => field !== ''),
    );
}

/**
 * The text messages (`sol_log`, logged as `Program log: <text>`) that `programAddress` logged while it was
 * the executing program, in order, without the prefix.
 */
export function getProgramLogMessages(logs: readonly string[], programAddress: Address): string[] {
  return linesLoggedBy(logs, programAddress)
    .filter((line) => line.startsWith(PROGRAM_LOG))
    .map((line) => line.slice(PROGRAM_LOG.length));
}

/**
 * The custom error code a transaction failed with, if the innermost failing program was `programAddress`
 * (the runtime logs `Program <id> failed: custom program error: 0x…` for it first, then the same line for
 * each program that called it). Null when nothing failed, when another program failed first, or when the
 * failure is not a custom error.
 */
export function getCustomErrorCodeFromLogs(logs: readonly string[], programAddress: Address): number | null {
  for (const line of logs) {
    const failed = FAILED.exec(line);
    if (failed === null) continue;
    if (failed[1] !== programAddress) return null;
    const custom = CUSTOM_ERROR.exec(failed[2]!);
    return custom === null ? null : Number.parseInt(custom[1]!, 16);
  }
  return null;
}

/**
 * The events `programAddress` emitted, in emission order, decoded by `decode` (which returns null for a
 * discriminator it does not know).
 *
 * Anchor's `emit!` logs a single field, the discriminator and the Borsh body together, so a multi-field
 * `Program data:` line is no event. A payload that is not valid base64, or that `decode` throws on (a body too
 * short for its discriminator), is skipped: bad input never crashes an indexer.
 *
 * @example
 * ```ts
 * parseProgramEvents(meta.logMessages, FORESIGHT_PROGRAM_ADDRESS, decodeForesightEvent);
 * ```
 */
export function parseProgramEvents<TEvent>(
  logs: readonly string[],
  programAddress: Address,
  decode: (bytes: ReadonlyUint8Array) => TEvent | null,
): TEvent[] {
  const events: TEvent[] = [];
  for (const fields of getProgramDataLogs(logs, programAddress)) {
    if (fields.length !== 1) continue;
    const event = tryDecode(fields[0]!, decode);
    if (event !== null) events.push(event);
  }
  return events;
}

function tryDecode<TEvent>(
  base64: string,
  decode: (bytes: ReadonlyUint8Array) => TEvent | null,
): TEvent | null {
  try {
    return decode(getBase64Encoder().encode(base64));
  } catch {
    return null;
  }
}
