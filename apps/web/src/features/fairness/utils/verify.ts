/**
 * The checks of a bet's roll (`docs/trust.md`, "Rolls nobody chooses"), computed in the browser from the
 * server's fairness record and the chain's own transactions (the creating `create_bet` and the settling
 * `reveal_bet`, with its log line). Each passes, fails, or waits (the bet is open, its seed not revealed).
 *
 * 1. the revealed seed hashes to the commitment it replaced (the seed before it), and walks back to the
 *    chain's committed head;
 * 2. the inputs the program used (the bet's sequence, the player's seed, the slot and its hash) are the
 *    bet's, and the message is built from them;
 * 3. HMAC-SHA256(seed, message) mod 100, recomputed here, is the roll the program logged;
 * 4. the result is Win iff the roll is below the odds.
 *
 * A bet made with the spec's `create_bet_offchain` (the product never makes one) has no seed: its roll is
 * the settler's, and only its result can be checked.
 *
 * @module
 */

import { betStake, lateWinAmount } from '@arcade/sdk/wager/bet-math';
import { bytesToHex, rollFor, rollMessage } from '@arcade/sdk/wager/fairness';

import { formatExactSol } from '../../../lib/format.ts';

import type { ChainRoll } from '../api/get-chain-roll.ts';
import type { BetFairness } from '../api/get-fairness.ts';
import { digestU64, fairResult, hashTimes, parse32, rollDigest, sha256 } from './derive.ts';

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
  readonly id: 'offchain' | 'seed' | 'inputs' | 'roll' | 'result';
  readonly title: string;
  readonly status: CheckStatus;
  /** One sentence: what was checked, or why it cannot be yet. */
  readonly summary: string;
  readonly values: readonly CheckValue[];
}

/** What the checks read. */
export interface VerifyInput {
  readonly answer: BetFairness;
  /** Heads of the chains `GET /api/fairness` lists; null while unknown. */
  readonly publishedHeads: ReadonlySet<string> | null;
  /** The chain's transactions; null while unknown or unreadable. */
  readonly chain: ChainRoll | null;
}

/** The titles of the steps (the page's headings and the tests' handles). */
export const CHECK_TITLES = Object.freeze({
  offchain: 'Roll chosen by the settler (off-chain bet)',
  seed: 'Seed: hashes to the commitment',
  inputs: 'Inputs: sequence ‖ your seed ‖ slot hash',
  roll: 'Roll: HMAC-SHA256(seed, message) mod 100',
  result: 'Result: Win iff roll < odds',
} as const);

function statusOf(ok: boolean): CheckStatus {
  return ok ? 'pass' : 'fail';
}

/** Whether two optional values agree: true when either is unknown. */
function agree<T>(a: T | null | undefined, b: T | null | undefined): boolean {
  return a === null || a === undefined || b === null || b === undefined || a === b;
}

/** A value row compared with others: `ok` only when there is something to compare it with. */
function compared(label: string, value: string, ok: boolean, compare: boolean): CheckValue {
  return compare ? { label, value, ok } : { label, value };
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** `12` → `₁₂`. */
function subscript(value: number): string {
  return String(value).replace(/\d/g, (digit) => SUBSCRIPTS.charAt(Number(digit)));
}

/** Whether the bet is one of the spec's off-chain bets (the settler's roll). */
export function isOffChainBet(input: Pick<VerifyInput, 'answer' | 'chain'>): boolean {
  return input.answer.bet.offChain || input.chain?.kind === 'create_bet_offchain';
}

/**
 * Runs the checks. `onProgress` reports the hashes done while walking a long chain back to its head.
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
  if (isOffChainBet(input)) return [offChainCheck(input), resultCheck(input, offChainRoll(input))];

  const { answer, chain } = input;
  const { bet } = answer;
  const reveal = chain?.reveal ?? null;
  // Refunded without a roll (the refund captured no slot hash, or the reveal came too late); a bet rolled
  // after its refund is checked as any other, with the slot hash its refund captured.
  const refunded = refundedWithoutRoll(input);
  const afterRefund = rolledAfterRefund(input);
  // Refunded, and no reveal seen yet: a refund in time kept the result, rolled once the seed is revealed.
  const refundAwaitsReveal = refunded && reveal === null && answer.reveal === null;

  // 1. The seed.
  const assignment = answer.seed;
  const serverSeed = assignment?.revealed === true ? assignment.seed : null;
  const chainSeed = reveal?.seed ?? null;
  const seedHex = chainSeed ?? serverSeed;
  const seed = parse32(seedHex);
  const checks: Check[] = [];
  if (seedHex === null) {
    checks.push({
      id: 'seed',
      title: CHECK_TITLES.seed,
      status: 'waiting',
      summary:
        assignment === null
          ? 'The bet’s seed is revealed on chain with its roll (reveal_bet); the server has not placed it in a chain yet.'
          : 'The settler reveals this bet’s seed on chain with reveal_bet; until then only its commitment is public.',
      values:
        assignment === null
          ? []
          : [
              { label: 'Seed index', value: String(assignment.seedIndex) },
              { label: 'Chain head (s₀)', value: assignment.chainHead },
            ],
    });
  } else if (seed === null) {
    checks.push({
      id: 'seed',
      title: CHECK_TITLES.seed,
      status: 'fail',
      summary: 'The revealed seed is not 32 bytes of hex.',
      values: [{ label: 'Seed', value: seedHex, ok: false }],
    });
  } else {
    const hashed = bytesToHex(await sha256(seed));
    const commitment = assignment?.previousSeed ?? null;
    const linked = commitment !== null && hashed === commitment;
    const seedsAgree = agree(chainSeed, serverSeed);
    let head: string | null = null;
    if (assignment !== null) {
      head = bytesToHex(
        await hashTimes(seed, assignment.seedIndex, {
          onProgress: (done) => options.onProgress?.(done, assignment.seedIndex),
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
    }
    const reached = assignment !== null && head === assignment.chainHead;
    const published =
      assignment === null || input.publishedHeads === null
        ? null
        : input.publishedHeads.has(assignment.chainHead);
    const index = assignment?.seedIndex;
    let status: CheckStatus;
    if (!seedsAgree) status = 'fail';
    else if (commitment === null || assignment === null) status = 'waiting';
    else if (!linked || !reached || published === false) status = 'fail';
    // Without the published heads the seed may be linked, but not shown to come from a committed chain.
    else status = published === true ? 'pass' : 'waiting';
    checks.push({
      id: 'seed',
      title: CHECK_TITLES.seed,
      status,
      summary:
        `sha256 of the revealed seed must be the commitment it replaced (the seed before it)` +
        (index === undefined
          ? '.'
          : `, and hashing it ${index} times must give the chain’s committed head.`) +
        (published === null && assignment !== null
          ? ' The published chain heads could not be read, so that the head was published is not checked yet.'
          : ''),
      values: [
        {
          label: 'Commitment (previous seed)',
          value: commitment ?? '—',
          ...(commitment === null ? {} : { ok: linked }),
        },
        ...(chainSeed === null
          ? []
          : [compared('Revealed seed (reveal transaction)', chainSeed, seedsAgree, serverSeed !== null)]),
        ...(serverSeed === null
          ? []
          : [
              compared(
                `Revealed seed s${subscript(index ?? 0)} (server)`,
                serverSeed,
                seedsAgree,
                chainSeed !== null,
              ),
            ]),
        { label: 'sha256(seed)', value: hashed, ...(commitment === null ? {} : { ok: linked }) },
        ...(assignment === null
          ? []
          : [
              { label: `Seed hashed ${assignment.seedIndex}×`, value: head ?? '—', ok: reached },
              {
                label: 'Chain head (committed)',
                value: assignment.chainHead,
                ...(published === null ? {} : { ok: reached && published }),
              },
            ]),
      ],
    });
  }

  // 2. The inputs and the message.
  const serverSequence = bet.sequence;
  const chainSequence = reveal?.sequence ?? null;
  const sequence = chainSequence ?? serverSequence;
  const serverPlayerSeed = bet.playerSeed;
  const chainPlayerSeed = chain?.playerSeed ?? null;
  const playerSeedHex = chainPlayerSeed ?? serverPlayerSeed;
  const createSlot = chain?.slot ?? null;
  const revealSlot = reveal?.outcome === 'settled' ? reveal.slot : null;
  const chainSlotHash = reveal?.outcome === 'settled' ? reveal.slotHash : null;
  const serverSlotHash = answer.reveal?.slotHash ?? null;
  const slotHashHex = chainSlotHash ?? serverSlotHash;
  const sequenceOk = agree(serverSequence, chainSequence);
  const playerSeedOk = agree(serverPlayerSeed, chainPlayerSeed);
  const slotOk = agree(bet.slot, createSlot) && agree(bet.slot, revealSlot) && agree(createSlot, revealSlot);
  const slotHashOk = agree(chainSlotHash, serverSlotHash);
  const playerSeed = parse32(playerSeedHex);
  const slotHash = parse32(slotHashHex);
  let message: string | null = null;
  if (sequence !== null && playerSeed !== null && slotHash !== null) {
    try {
      message = bytesToHex(rollMessage({ sequence, playerSeed, slotHash }));
    } catch {
      message = null;
    }
  }
  const messageOk = message !== null && (answer.message === null || message === answer.message);
  const inputsAgree = sequenceOk && playerSeedOk && slotOk && slotHashOk;
  checks.push({
    id: 'inputs',
    title: CHECK_TITLES.inputs,
    status: !inputsAgree ? 'fail' : slotHashHex === null ? 'waiting' : statusOf(messageOk),
    summary:
      slotHashHex === null
        ? refundAwaitsReveal
          ? 'This bet was refunded before its roll was revealed. A refund in time captured the slot’s hash: the roll is computed with it when the seed is revealed.'
          : refunded
            ? 'This bet was refunded without a roll: its slot’s hash was not captured in time, so the roll could not be revealed.'
            : 'The bet’s sequence, your seed and its slot are fixed by the transaction that placed it; the slot’s hash is read when the roll is revealed.'
        : afterRefund
          ? 'The 8-byte little-endian sequence, then your 32-byte seed, then the 32-byte hash of the slot the bet landed in (72 bytes): your refund captured that hash from SlotHashes, and the reveal rolled the bet with it.'
          : 'The 8-byte little-endian sequence, then your 32-byte seed, then the 32-byte hash of the slot the bet landed in (72 bytes), each as the chain recorded it.',
    values: [
      ...(serverSequence === null
        ? []
        : [compared('Sequence (server)', String(serverSequence), sequenceOk, chainSequence !== null)]),
      ...(chainSequence === null
        ? []
        : [
            compared(
              'Sequence (reveal transaction)',
              String(chainSequence),
              sequenceOk,
              serverSequence !== null,
            ),
          ]),
      ...(serverPlayerSeed === null
        ? []
        : [compared('Your seed (server)', serverPlayerSeed, playerSeedOk, chainPlayerSeed !== null)]),
      ...(chainPlayerSeed === null
        ? []
        : [
            compared(
              'Your seed (creating transaction)',
              chainPlayerSeed,
              playerSeedOk,
              serverPlayerSeed !== null,
            ),
          ]),
      compared('Slot (server)', String(bet.slot), slotOk, createSlot !== null || revealSlot !== null),
      ...(createSlot === null
        ? []
        : [compared('Slot (creating transaction)', String(createSlot), slotOk, true)]),
      ...(revealSlot === null
        ? []
        : [compared('Slot (reveal transaction)', String(revealSlot), slotOk, true)]),
      ...(chainSlotHash === null
        ? []
        : [
            compared(
              afterRefund
                ? 'Slot hash (captured by your refund, reveal transaction)'
                : 'Slot hash (reveal transaction)',
              chainSlotHash,
              slotHashOk,
              serverSlotHash !== null,
            ),
          ]),
      ...(serverSlotHash === null
        ? []
        : [compared('Slot hash (server)', serverSlotHash, slotHashOk, chainSlotHash !== null)]),
      ...(message === null
        ? []
        : [
            compared('Message (computed)', message, messageOk, answer.message !== null),
            ...(answer.message === null
              ? []
              : [{ label: 'Message (server)', value: answer.message, ok: messageOk }]),
          ]),
    ],
  });

  // 3. The roll.
  const programRoll = reveal?.outcome === 'settled' ? reveal.roll : null;
  const serverRoll = answer.reveal?.roll ?? bet.randomValue;
  if (refunded) {
    checks.push({
      id: 'roll',
      title: CHECK_TITLES.roll,
      status: 'waiting',
      summary: refundAwaitsReveal
        ? 'This bet was refunded (stake and fee returned): its roll is computed when its seed is revealed, and a win then pays the rest of the prize.'
        : 'This bet was refunded (stake and fee returned): the roll could not be revealed in time, so none was computed.',
      values: [],
    });
  } else if (seed === null || playerSeed === null || slotHash === null || sequence === null) {
    checks.push({
      id: 'roll',
      title: CHECK_TITLES.roll,
      status: 'waiting',
      summary: 'The roll can be recomputed once the seed and the slot hash are revealed.',
      values: serverRoll === null ? [] : [{ label: 'Roll (server)', value: String(serverRoll) }],
    });
  } else {
    const rollInput = { seed, sequence, playerSeed, slotHash };
    const [roll, digest] = await Promise.all([rollFor(rollInput), rollDigest(rollInput)]);
    const matchesProgram = programRoll === null || programRoll === roll;
    const matchesServer = serverRoll === null || serverRoll === roll;
    const settledOnChain = bet.settleSignature !== null || answer.reveal !== null;
    checks.push({
      id: 'roll',
      title: CHECK_TITLES.roll,
      // Compared with nothing, the recomputed roll proves nothing yet.
      status:
        programRoll === null && serverRoll === null ? 'waiting' : statusOf(matchesProgram && matchesServer),
      summary:
        'The first 8 bytes of the HMAC as a little-endian number, mod 100, must be the roll the program computed and logged at the reveal.',
      values: [
        { label: 'HMAC-SHA256', value: bytesToHex(digest) },
        { label: 'First 8 bytes (u64, little-endian)', value: digestU64(digest).toString() },
        { label: 'Roll (computed here)', value: String(roll), ok: matchesProgram && matchesServer },
        ...(programRoll === null
          ? settledOnChain
            ? [{ label: 'Roll (program, reveal transaction)', value: 'not readable from the chain' }]
            : []
          : [
              { label: 'Roll (program, reveal transaction)', value: String(programRoll), ok: matchesProgram },
            ]),
        ...(serverRoll === null
          ? []
          : [{ label: 'Roll (server)', value: String(serverRoll), ok: matchesServer }]),
      ],
    });
  }

  // 4. The result.
  checks.push(resultCheck(input, refunded ? null : (programRoll ?? serverRoll)));
  return checks;
}

/** The roll of an off-chain bet: the one its settle transaction passed, else the server's. */
function offChainRoll(input: VerifyInput): number | null {
  return input.chain?.offChainRoll ?? input.answer.bet.randomValue;
}

/** An off-chain bet's roll is the settler's: shown, not checked. */
function offChainCheck(input: VerifyInput): Check {
  const chainRoll = input.chain?.offChainRoll ?? null;
  const serverRoll = input.answer.bet.randomValue;
  const rollsAgree = agree(chainRoll, serverRoll);
  return {
    id: 'offchain',
    title: CHECK_TITLES.offchain,
    status: rollsAgree ? 'waiting' : 'fail',
    summary:
      'This bet was made with create_bet_offchain, which the product never uses: the settler chose its roll (settle_bet_offchain), so there is no seed to recompute it from. Only its result can be checked.',
    values: [
      ...(chainRoll === null
        ? []
        : [compared('Roll (settle transaction)', String(chainRoll), rollsAgree, serverRoll !== null)]),
      ...(serverRoll === null
        ? []
        : [compared('Roll (server)', String(serverRoll), rollsAgree, chainRoll !== null)]),
    ],
  };
}

/**
 * Whether the bet was rolled after its refund: its reveal settled it with the slot hash the refund
 * captured (the reveal's line says ` refunded=earlier`; the server's record has a refund and a roll).
 */
export function rolledAfterRefund(input: Pick<VerifyInput, 'answer' | 'chain'>): boolean {
  const chainReveal = input.chain?.reveal ?? null;
  if (chainReveal?.outcome === 'settled' && chainReveal.afterRefund) return true;
  const serverReveal = input.answer.reveal;
  if (serverReveal?.outcome !== 'settled' && chainReveal?.outcome !== 'settled') return false;
  if (serverReveal?.afterRefund === true) return true;
  // A refund, then a roll: only a refund that captured the slot hash is rolled later.
  return input.answer.bet.refundSignature !== null;
}

/** Whether the bet was refunded and has no roll (none yet, or none ever). */
export function refundedWithoutRoll(input: Pick<VerifyInput, 'answer' | 'chain'>): boolean {
  const chainReveal = input.chain?.reveal ?? null;
  const serverReveal = input.answer.reveal;
  if (chainReveal?.outcome === 'settled' || serverReveal?.outcome === 'settled') return false;
  return (
    input.answer.bet.state === 'Refunded' ||
    chainReveal?.outcome === 'refunded' ||
    serverReveal?.outcome === 'refunded'
  );
}

/**
 * What a win rolled after its refund is owed at its reveal: the rest of the prize, prize − stake − fee (the
 * SDK's `lateWinAmount`), from the prize and odds of the creating transaction; null when they are unknown.
 * The reveal pays it, or, when the wallet could not take it then, `claim_bet` does ({@link lateWinClaimable}).
 */
export function paidAfterRefund(input: Pick<VerifyInput, 'answer' | 'chain'>): bigint | null {
  const prize = input.chain?.listingPrice ?? null;
  const odds = input.chain?.odds ?? null;
  if (prize !== null && odds !== null) {
    return lateWinAmount({ prize: BigInt(prize), stake: betStake(BigInt(prize), odds) });
  }
  // The chain's transaction unreadable: the server's figure, shown as it says.
  const served = input.answer.reveal?.lateWinAmount ?? null;
  return served === null || !/^\d+$/.test(served) ? null : BigInt(served);
}

/**
 * Whether a win rolled after its refund still waits for its claim: the reveal could not pay the wallet,
 * so the record is Settled / Win and `claim_bet` pays the rest of the prize.
 */
export function lateWinClaimable(input: Pick<VerifyInput, 'answer' | 'chain'>): boolean {
  const { bet } = input.answer;
  return rolledAfterRefund(input) && bet.result === 'Win' && bet.state === 'Settled';
}

/** Win iff roll < odds, with the odds of the creating transaction. */
function resultCheck(input: VerifyInput, roll: number | null): Check {
  const { bet } = input.answer;
  const chainOdds = input.chain?.odds ?? null;
  if (refundedWithoutRoll(input)) {
    const awaits = (input.chain?.reveal ?? null) === null && input.answer.reveal === null;
    return {
      id: 'result',
      title: CHECK_TITLES.result,
      status: 'waiting',
      summary: awaits
        ? 'This bet was refunded (stake and fee returned) before its roll was revealed: if the refund kept its result, the roll decides it when the seed is revealed.'
        : 'This bet was refunded (stake and fee returned): no roll decided it.',
      values: [{ label: 'State', value: bet.state }],
    };
  }
  const afterRefund = rolledAfterRefund(input);
  // A record that kept only the refund (no Win or Loss) after a late roll: the roll alone says which.
  const recorded = bet.result === 'Win' || bet.result === 'Loss' ? bet.result : null;
  if (roll === null || (recorded === null && !afterRefund)) {
    return {
      id: 'result',
      title: CHECK_TITLES.result,
      status: 'waiting',
      summary: 'The bet is still open.',
      values: [{ label: 'Odds', value: `${bet.odds}%` }],
    };
  }
  const odds = chainOdds ?? bet.odds;
  const expected = fairResult(roll, odds);
  const oddsOk = chainOdds === null || chainOdds === bet.odds;
  const resultOk = recorded === null || expected === recorded;
  const paid = afterRefund && expected === 'Win' ? paidAfterRefund(input) : null;
  return {
    id: 'result',
    title: CHECK_TITLES.result,
    status: statusOf(oddsOk && resultOk),
    summary:
      `A roll of ${roll} against odds of ${odds}% is a ${expected === 'Win' ? 'win' : 'loss'}.` +
      (afterRefund
        ? expected === 'Win'
          ? lateWinClaimable(input)
            ? ' Rolled after your refund: the rest of the prize (prize − stake − fee) is yours to claim, in SOL.'
            : ' Rolled after your refund: the rest of the prize (prize − stake − fee) was paid at the reveal.'
          : ' Rolled after your refund: the refund of your stake and fee stands.'
        : ''),
    values: [
      ...(chainOdds === null
        ? []
        : [{ label: 'Odds (creating transaction)', value: `${chainOdds}%`, ok: oddsOk }]),
      { label: 'Odds (server)', value: `${bet.odds}%`, ok: oddsOk },
      recorded === null
        ? { label: 'Result (computed)', value: expected }
        : { label: 'Result (computed)', value: expected, ok: resultOk },
      ...(recorded === null ? [] : [{ label: 'Result (recorded)', value: recorded, ok: resultOk }]),
      ...(paid === null
        ? []
        : [
            {
              label: lateWinClaimable(input) ? 'Owed after the refund' : 'Paid after the refund',
              value: formatExactSol(paid),
            },
          ]),
    ],
  };
}
