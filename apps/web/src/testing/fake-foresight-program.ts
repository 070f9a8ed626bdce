/**
 * Test support: the player's Foresight instructions run against the shared fake chain
 * (`src/testing/mock-chain.ts`) by the program's rules (`programs/foresight/src/ix-bet.c`, `docs/foresight.md`),
 * so a test can send what the app builds and see money move and accounts close. A transaction is atomic: if
 * one instruction fails, nothing of it happened, and the error is the sender's (a `TransactionSendError`
 * with the spec's message, the failing instruction counted after the sender's two compute-budget ones).
 *
 * @module
 */

import { FORESIGHT_SETTLE_BUFFER_SECS, MAX_TRANSACTION_SIZE } from '@arcade/sdk/constants';
import {
  decodeBet,
  decodeEvent,
  encodeBet,
  encodeEvent,
  Prediction,
  type PredictionArgs,
} from '@arcade/sdk/foresight/accounts';
import {
  identifyForesightInstruction,
  type ForesightInstructionName,
} from '@arcade/sdk/foresight/instructions';
import { findBetAddress } from '@arcade/sdk/foresight/pda';
import { transactionErrorMessage } from '@arcade/sdk/messages';
import { foresightPayout } from '@arcade/sdk/payout';
import { tooLargeMessage, TransactionSendError } from '@arcade/sdk/sender/send-error';
import { AccountRole, type Address, type Instruction } from '@solana/kit';

import { fakeAddress, RENT, type MockChain } from './mock-chain.ts';
import { transactionSize } from '../lib/wallet/pack-claims.ts';

/** The compute-budget instructions the sender puts before the app's. */
const COMPUTE_BUDGET_INSTRUCTIONS = 2;

/** The program's error codes the player's instructions raise (`docs/foresight.md`). */
export const FORESIGHT_ERRORS = Object.freeze({
  EventUnsettled: 6002,
  EventSettled: 6003,
  BetLost: 6005,
  BetSettled: 6010,
  BetUnsettled: 6012,
} as const);

/** A framework error (an account check): Anchor's ConstraintHasOne / AccountNotInitialized range. */
const ACCOUNT_CHECK_FAILED = 2001;

class InstructionFailed extends Error {
  readonly code: number;

  constructor(code: number) {
    super(`custom program error ${code}`);
    this.code = code;
  }
}

const SOL = 1_000_000_000n;

/**
 * What {@link FakeForesightProgram.seedRound} writes. Unless told otherwise: round `id` at
 * `fakeAddress(100 + id)`, settled Up with 1 SOL (one bet) on each side, holding `RENT`; and the player's
 * unpaid 1 SOL bet on Up in it, holding `RENT`.
 */
export interface SeedRoundOptions {
  readonly id: number;
  /** The player: the bet is at their PDA in the round. */
  readonly user: Address;
  readonly config: Address;
  readonly event?: Address;
  readonly result?: PredictionArgs;
  readonly settled?: boolean;
  /**
   * An unsettled round's settle time, unix seconds. Unless told otherwise an hour from now: a round that is
   * not settled is still running, not expired (`FORESIGHT_SETTLE_BUFFER_SECS` after its settle time).
   */
  readonly settleTime?: bigint;
  readonly upPool?: bigint;
  readonly downPool?: bigint;
  readonly upCount?: number;
  readonly downCount?: number;
  /** The round's lamports: its rent plus the pot it still owes. */
  readonly eventLamports?: bigint;
  /** The round's account is gone: only the bet is written. */
  readonly closed?: boolean;
  /** The player's side, stake, whether it was paid (or refunded), and the bet account's lamports. */
  readonly side?: 'Up' | 'Down';
  readonly stake?: bigint;
  readonly paid?: boolean;
  readonly betLamports?: bigint;
  /** Who the bet account says placed it, when not `user`. */
  readonly betUser?: Address;
  /** No bet account is written. */
  readonly noBet?: boolean;
}

/** A transaction the fake ran: its instructions and their names. */
export interface SentTransaction {
  readonly instructions: readonly Instruction[];
  readonly names: readonly ForesightInstructionName[];
}

/** The Foresight program at `program` on `chain`. */
export class FakeForesightProgram {
  /** Every transaction that landed, in order. */
  readonly sent: SentTransaction[] = [];

  readonly chain: MockChain;
  readonly program: Address;

  constructor(chain: MockChain, program: Address) {
    this.chain = chain;
    this.program = program;
  }

  /** Writes a round and the player's bet in it as this program's accounts; returns their addresses. */
  async seedRound(options: SeedRoundOptions): Promise<{ event: Address; bet: Address }> {
    const event = options.event ?? fakeAddress(100 + options.id);
    const [bet] = await findBetAddress(event, options.user, { programAddress: this.program });
    if (options.closed !== true) {
      const data = encodeEvent({
        id: options.id,
        startTime: 1n,
        lockTime: 2n,
        settleTime:
          options.settleTime ??
          (options.settled === false ? BigInt(Math.floor(Date.now() / 1000) + 3_600) : 3n),
        upCount: options.upCount ?? 1,
        downCount: options.downCount ?? 1,
        upPool: options.upPool ?? SOL,
        downPool: options.downPool ?? SOL,
        isSettled: options.settled ?? true,
        result: options.result ?? 'Up',
        lockPrice: 100n,
        finalPrice: 101n,
        settledCount: 0,
        config: options.config,
      });
      this.chain.set(event, data, options.eventLamports ?? RENT, false, this.program);
    }
    if (options.noBet !== true) {
      const data = encodeBet({
        event,
        amount: options.stake ?? SOL,
        prediction: options.side ?? 'Up',
        isSettled: options.paid ?? false,
        user: options.betUser ?? options.user,
      });
      this.chain.set(bet, data, options.betLamports ?? RENT, false, this.program);
    }
    return { event, bet };
  }

  /** A `send` for the wallet `feePayer` (who signs), as `useSendTransaction` returns it. */
  sender(feePayer: Address): (input: { readonly instructions: readonly Instruction[] }) => Promise<string> {
    return (input) => Promise.resolve(this.run(feePayer, input.instructions));
  }

  /** Runs a transaction; throws the sender's error, leaving the chain as it was, if any part fails. */
  run(feePayer: Address, instructions: readonly Instruction[]): string {
    const size = transactionSize(feePayer, instructions);
    if (size > MAX_TRANSACTION_SIZE) {
      throw new TransactionSendError(tooLargeMessage(size), { reason: 'too-large' });
    }
    const accounts = new Map(this.chain.accounts);
    const balances = new Map(this.chain.balances);
    const names: ForesightInstructionName[] = [];
    for (const [index, instruction] of instructions.entries()) {
      try {
        names.push(this.#execute(feePayer, instruction));
      } catch (error) {
        this.chain.accounts = accounts;
        this.chain.balances = balances;
        if (!(error instanceof InstructionFailed)) throw error;
        const at = COMPUTE_BUDGET_INSTRUCTIONS + index;
        throw new TransactionSendError(transactionErrorMessage(at, error.code), {
          reason: 'simulation',
          instructionIndex: at,
          customCode: error.code,
        });
      }
    }
    this.sent.push({ instructions, names });
    return `signature-${this.sent.length}`;
  }

  #credit(address: Address, lamports: bigint): void {
    this.chain.balances.set(address, (this.chain.balances.get(address) ?? 0n) + lamports);
  }

  #owned(address: Address) {
    const account = this.chain.accounts.get(address);
    return account !== undefined && account.owner === this.program ? account : null;
  }

  #execute(feePayer: Address, instruction: Instruction): ForesightInstructionName {
    if (instruction.programAddress !== this.program)
      throw new Error(`unexpected program ${instruction.programAddress}`);
    const name = identifyForesightInstruction(instruction.data ?? new Uint8Array());
    const metas = instruction.accounts ?? [];
    const at = (i: number) => metas[i]!.address;
    switch (name) {
      case 'settle_bet':
      case 'withdraw_bet': {
        const [user, , eventAddress, betAddress] = [at(0), at(1), at(2), at(3)];
        const eventAccount = this.#owned(eventAddress);
        const betAccount = this.#owned(betAddress);
        if (eventAccount === null || betAccount === null) throw new InstructionFailed(ACCOUNT_CHECK_FAILED);
        let event = decodeEvent(eventAccount.data);
        const bet = decodeBet(betAccount.data);
        if (bet.user !== user || bet.event !== eventAddress)
          throw new InstructionFailed(ACCOUNT_CHECK_FAILED);
        // The program's round_expired: withdraw_bet settles a round left unsettled too long as Invalid.
        const expired =
          !event.isSettled &&
          event.startTime !== 0n &&
          Date.now() >= (Number(event.settleTime) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000;
        if (expired && name === 'withdraw_bet')
          event = { ...event, isSettled: true, result: Prediction.Invalid };
        if (!event.isSettled) throw new InstructionFailed(FORESIGHT_ERRORS.EventUnsettled);
        if (bet.isSettled) throw new InstructionFailed(FORESIGHT_ERRORS.BetSettled);
        let paid: bigint;
        if (name === 'withdraw_bet') {
          if (event.result !== Prediction.Invalid) throw new InstructionFailed(FORESIGHT_ERRORS.EventSettled);
          paid = bet.amount;
        } else {
          if (event.result === Prediction.Invalid || bet.prediction !== event.result) {
            throw new InstructionFailed(FORESIGHT_ERRORS.BetLost);
          }
          paid = foresightPayout(
            bet.amount,
            event.upPool,
            event.downPool,
            bet.prediction === Prediction.Up ? 'up' : 'down',
          );
        }
        this.chain.set(
          eventAddress,
          encodeEvent({ ...event, settledCount: event.settledCount + 1 }),
          eventAccount.lamports - paid,
          false,
          this.program,
        );
        this.chain.set(
          betAddress,
          encodeBet({ ...bet, isSettled: true }),
          betAccount.lamports,
          false,
          this.program,
        );
        this.#credit(user, paid);
        return name;
      }
      case 'close_bet': {
        const [user, eventAddress, betAddress] = [at(0), at(1), at(2)];
        const signs = metas[0]!.role === AccountRole.WRITABLE_SIGNER && user === feePayer;
        if (!signs) throw new Error(`close_bet: ${user} does not sign`);
        const betAccount = this.#owned(betAddress);
        if (betAccount === null) throw new InstructionFailed(ACCOUNT_CHECK_FAILED);
        const bet = decodeBet(betAccount.data);
        if (bet.user !== user || bet.event !== eventAddress)
          throw new InstructionFailed(ACCOUNT_CHECK_FAILED);
        const eventAccount = this.#owned(eventAddress);
        if (!bet.isSettled && eventAccount !== null) {
          const event = decodeEvent(eventAccount.data);
          if (!event.isSettled) throw new InstructionFailed(FORESIGHT_ERRORS.EventUnsettled);
          if (event.result === Prediction.Invalid || bet.prediction === event.result) {
            throw new InstructionFailed(FORESIGHT_ERRORS.BetUnsettled);
          }
        }
        this.chain.accounts.delete(betAddress);
        this.#credit(user, betAccount.lamports);
        return name;
      }
      default:
        throw new Error(`the fake does not run ${name}`);
    }
  }
}
