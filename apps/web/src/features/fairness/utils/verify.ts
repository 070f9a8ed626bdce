/**
 * The four checks of a bet's roll, computed in the browser from the server's published values and the
 * chain's own transactions; each passes, fails, or waits (the bet is open, or its seed not revealed yet).
 *
 * @module
 */

import type { BetFairness } from '../api/get-fairness.ts';
import type { ChainRoll } from '../api/get-chain-roll.ts';
import { fairMessage, fairResult, fromHex, hashTimes, rollFor, sha256, toHex } from './derive.ts';

/** How a check came out. */
export type CheckStatus = 'pass' | 'fail' | 'waiting';

/** One value a check shows. */
export interface CheckValue {
  readonly label: string;
  readonly value: string;
  /** Whether this value agrees with what it is compared to; undefined when it is just shown. */
  readonly ok?: boolean;
}

/** One step of the verification. */
export interface Check {
  readonly id: 'seed' | 'message' | 'roll' | 'result';
  readonly title: string;
  readonly status: CheckStatus;
  /** One sentence: what was checked, or why it cannot be yet. */
  readonly summary: string;
  readonly values: readonly CheckValue[];
}

/** What the checks read. */
export interface VerifyInput {
  readonly answer: BetFairness;
  /** Heads of the chains `GET /api/fairness` published; null while unknown. */
  readonly publishedHeads: ReadonlySet<string> | null;
  /** The chain's transactions; null while unknown or unreadable. */
  readonly chain: ChainRoll | null;
}

function statusOf(ok: boolean): CheckStatus {
  return ok ? 'pass' : 'fail';
}

function parseSeed(hex: string | null): Uint8Array | null {
  if (hex === null) return null;
  try {
    const bytes = fromHex(hex);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Runs the four checks. `onProgress` reports the hashes done while walking a long chain back to its head.
 *
 * @example const checks = await verifyBet({ answer, publishedHeads, chain }); checks.every((c) => c.status === 'pass')
 */
export async function verifyBet(
  input: VerifyInput,
  options: {
    readonly onProgress?: (done: number, total: number) => void;
    readonly signal?: AbortSignal;
  } = {},
): Promise<Check[]> {
  const { answer, chain } = input;
  const { bet } = answer;
  const checks: Check[] = [];
  const assignment = answer.seed;
  const seed = parseSeed(assignment?.seed ?? null);

  // 1. The seed belongs to the published chain.
  if (assignment === null) {
    checks.push({
      id: 'seed',
      title: 'Seed from the published chain',
      status: 'waiting',
      summary: 'The settler has not given this bet a seed yet.',
      values: [],
    });
  } else if (!assignment.revealed || assignment.seed === null) {
    checks.push({
      id: 'seed',
      title: 'Seed from the published chain',
      status: 'waiting',
      summary:
        'The seed is revealed once this bet and every earlier bet of its chain are closed (hashing a seed gives all earlier ones).',
      values: [
        { label: 'Seed index', value: String(assignment.seedIndex) },
        { label: 'Chain head (s₀)', value: assignment.chainHead },
      ],
    });
  } else if (seed === null) {
    checks.push({
      id: 'seed',
      title: 'Seed from the published chain',
      status: 'fail',
      summary: 'The revealed seed is not 32 bytes of hex.',
      values: [{ label: 'Seed', value: assignment.seed, ok: false }],
    });
  } else {
    const hashed = toHex(await sha256(seed));
    const linked = hashed === assignment.previousSeed;
    const head = toHex(
      await hashTimes(seed, assignment.seedIndex, {
        onProgress: (done) => options.onProgress?.(done, assignment.seedIndex),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
    const reached = head === assignment.chainHead;
    const published = input.publishedHeads === null ? null : input.publishedHeads.has(assignment.chainHead);
    const rule = `sha256(seed) must be the seed before it, and hashing the seed ${assignment.seedIndex} times must give the chain head published before any bet used it.`;
    checks.push({
      id: 'seed',
      title: 'Seed from the published chain',
      // Without the published heads the seed may be linked, but not shown to come from a published chain.
      status:
        linked && reached && published === null
          ? 'waiting'
          : statusOf(linked && reached && published === true),
      summary:
        published === null
          ? `${rule} The published chain heads could not be read, so that the head was published is not checked yet.`
          : rule,
      values: [
        { label: `Seed s${subscript(assignment.seedIndex)}`, value: assignment.seed },
        { label: 'sha256(seed)', value: hashed, ok: linked },
        { label: 'Previous seed (published)', value: assignment.previousSeed ?? '—', ok: linked },
        { label: `Seed hashed ${assignment.seedIndex}×`, value: head, ok: reached },
        {
          label: 'Chain head (published)',
          value: assignment.chainHead,
          ...(published === null ? {} : { ok: reached && published }),
        },
      ],
    });
  }

  // 2. The message is the bet's address and creating signature.
  let message: string | null;
  try {
    message = toHex(fairMessage(bet.betAddress, bet.signature));
  } catch {
    message = null;
  }
  const messageOk = message !== null && message === answer.message;
  checks.push({
    id: 'message',
    title: 'Message: bet address ‖ transaction signature',
    status: statusOf(messageOk),
    summary:
      'The 32 bytes of the bet record address followed by the 64 bytes of the creating transaction signature.',
    values: [
      { label: 'Bet record', value: bet.betAddress },
      { label: 'Creating transaction', value: bet.signature },
      { label: 'Message (computed)', value: message ?? '—', ok: messageOk },
      { label: 'Message (server)', value: answer.message ?? '—', ok: messageOk },
    ],
  });

  // 3. The roll.
  const serverRoll = bet.randomValue;
  const chainRoll = chain?.randomValue ?? null;
  if (seed === null || assignment?.revealed !== true) {
    checks.push({
      id: 'roll',
      title: 'Roll: HMAC-SHA256(seed, message) mod 100',
      status: 'waiting',
      summary: 'The roll can be recomputed once the seed is revealed.',
      values: serverRoll === null ? [] : [{ label: 'Roll (server)', value: String(serverRoll) }],
    });
  } else {
    const { hmac, randomValue } = await rollFor(seed, bet.betAddress, bet.signature);
    const matchesServer = serverRoll === null || serverRoll === randomValue;
    const matchesChain = chainRoll === null || chainRoll === randomValue;
    const settledOnChain = bet.settleSignature !== null;
    checks.push({
      id: 'roll',
      title: 'Roll: HMAC-SHA256(seed, message) mod 100',
      status: statusOf(matchesServer && matchesChain),
      summary:
        'The first 8 bytes of the HMAC as a little-endian number, mod 100, must be the roll the settle transaction used.',
      values: [
        { label: 'HMAC-SHA256', value: toHex(hmac) },
        { label: 'First 8 bytes (u64, little-endian)', value: u64le(hmac).toString() },
        { label: 'Roll (computed)', value: String(randomValue), ok: matchesServer && matchesChain },
        ...(serverRoll === null
          ? []
          : [{ label: 'Roll (server)', value: String(serverRoll), ok: matchesServer }]),
        ...(chainRoll === null
          ? settledOnChain
            ? [{ label: 'Roll (settle transaction)', value: 'not readable from the chain' }]
            : []
          : [{ label: 'Roll (settle transaction)', value: String(chainRoll), ok: matchesChain }]),
      ],
    });
  }

  // 4. The result.
  const chainOdds = chain?.odds ?? null;
  const roll = chainRoll ?? serverRoll;
  if (bet.state === 'Refunded') {
    checks.push({
      id: 'result',
      title: 'Result: Win iff roll < odds',
      status: 'waiting',
      summary: 'This bet was refunded (stake and fee returned): no roll decided it.',
      values: [{ label: 'State', value: bet.state }],
    });
  } else if (roll === null || bet.result === 'None') {
    checks.push({
      id: 'result',
      title: 'Result: Win iff roll < odds',
      status: 'waiting',
      summary: 'The bet is still open.',
      values: [{ label: 'Odds', value: `${bet.odds}%` }],
    });
  } else {
    const odds = chainOdds ?? bet.odds;
    const expected = fairResult(roll, odds);
    const oddsOk = chainOdds === null || chainOdds === bet.odds;
    const resultOk = expected === bet.result;
    checks.push({
      id: 'result',
      title: 'Result: Win iff roll < odds',
      status: statusOf(oddsOk && resultOk),
      summary: `A roll of ${roll} against odds of ${odds}% is a ${expected === 'Win' ? 'win' : 'loss'}.`,
      values: [
        ...(chainOdds === null
          ? []
          : [{ label: 'Odds (creating transaction)', value: `${chainOdds}%`, ok: oddsOk }]),
        { label: 'Odds (server)', value: `${bet.odds}%`, ok: oddsOk },
        { label: 'Result (computed)', value: expected, ok: resultOk },
        { label: 'Result (recorded)', value: bet.result, ok: resultOk },
      ],
    });
  }
  return checks;
}

function u64le(bytes: Uint8Array): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(0, true);
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** `12` → `₁₂`. */
function subscript(value: number): string {
  return String(value).replace(/\d/g, (digit) => SUBSCRIPTS.charAt(Number(digit)));
}
