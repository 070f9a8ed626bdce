/**
 * Test support for TailSpin and ReTail bets on the embedded local chain: funded players, real `create_bet`
 * bets with a player seed, a seed chain a test holds itself (to send `reveal_bet` without the settler),
 * referral vaults, moving a bet or a market back in time (rewriting its account) so its deadline has
 * passed without waiting for it, and ending slots (a bet's slot hash exists, or has left SlotHashes).
 *
 * @module
 */

import { randomBytes } from 'node:crypto';

import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import {
  decodeBet,
  decodeMarket,
  encodeBet,
  encodeMarket,
  type BetAccount,
  type MarketAccount,
} from '@arcade/sdk/wager/accounts';
import { bytesToHex, parseRevealLogs, randomPlayerSeed, type RevealLog } from '@arcade/sdk/wager/fairness';
import {
  getCommitSeedChainInstructionAsync,
  getCreateBetInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getInitReferralInstructionAsync,
  getRevealBetInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import {
  generateKeyPairSigner,
  getAddressEncoder,
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';

import { sendAndConfirm } from '../src/chain/send-transaction.ts';
import { hashChain } from '../src/workers/settler/provably-fair.ts';
import type { TestServer } from './harness.ts';

const SOL = 1_000_000_000n;

/** A wallet holding `sol` SOL, once the airdrop has landed. */
export async function fundedPlayer(rpc: Rpc<SolanaRpcApi>, sol = 2n): Promise<KeyPairSigner> {
  const player = await generateKeyPairSigner();
  await rpc.requestAirdrop(player.address, lamports(sol * SOL)).send();
  for (let i = 0; i < 100; i += 1) {
    if ((await rpc.getBalance(player.address, { commitment: 'confirmed' }).send()).value > 0n) return player;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('airdrop did not land');
}

/** A prize whose stake is at least the 0.01 SOL minimum at these odds (and at least 0.05 SOL). */
export function listingFor(odds: number): bigint {
  const least = (MIN_BET_LAMPORTS * 100n + BigInt(odds) - 1n) / BigInt(odds);
  return least > 50_000_000n ? least : 50_000_000n;
}

/** A bet made with `create_bet`, as the chain recorded it. */
export interface PlacedBet {
  readonly player: KeyPairSigner;
  readonly signature: Signature;
  readonly betAddress: Address;
  readonly odds: number;
  readonly listingPrice: bigint;
  readonly referral: Address | null;
  readonly sequence: bigint;
  /** The slot it landed in. */
  readonly slot: bigint;
  /** Lowercase hex. */
  readonly playerSeed: string;
}

/** The bet record of `bet` as it is now. */
export async function readBetAccount(rpc: Rpc<SolanaRpcApi>, bet: Address): Promise<BetAccount> {
  const { value } = await rpc.getAccountInfo(bet, { encoding: 'base64', commitment: 'confirmed' }).send();
  if (value === null) throw new Error(`no bet account ${bet}`);
  return decodeBet(Buffer.from(value.data[0], 'base64'));
}

/**
 * The instructions of a `create_bet` of `player` (creating the record first, with `referral`, when
 * `init`), and the player seed they carry.
 */
export async function betInstructions(
  player: KeyPairSigner,
  options: { odds: number; listingPrice?: bigint; referral?: Address | null; init?: boolean },
): Promise<{ instructions: Instruction[]; playerSeed: Uint8Array }> {
  const instructions: Instruction[] = [];
  if (options.init ?? true) {
    instructions.push(
      await getInitBetOffchainInstructionAsync({ user: player, referral: options.referral ?? null }),
    );
  }
  const playerSeed = randomPlayerSeed();
  instructions.push(
    await getCreateBetInstructionAsync({
      user: player,
      odds: options.odds,
      listingPrice: options.listingPrice ?? listingFor(options.odds),
      betType: 'sol',
      playerSeed,
    }),
  );
  return { instructions, playerSeed };
}

/** Sends a real `create_bet` (creating the record first when `init`); returns what the chain recorded. */
export async function placeBet(
  rpc: Rpc<SolanaRpcApi>,
  player: KeyPairSigner,
  options: { odds: number; listingPrice?: bigint; referral?: Address | null; init?: boolean },
): Promise<PlacedBet> {
  const { instructions, playerSeed } = await betInstructions(player, options);
  const signature = await sendAndConfirm(rpc, player, instructions);
  const [betAddress] = await findBetAddress(player.address);
  const account = await readBetAccount(rpc, betAddress);
  return {
    player,
    signature,
    betAddress,
    odds: options.odds,
    listingPrice: options.listingPrice ?? listingFor(options.odds),
    referral: account.referral,
    sequence: account.sequence,
    slot: account.slot,
    playerSeed: bytesToHex(playerSeed),
  };
}

/** Waits until slot `slot` has ended (its hash is in SlotHashes). */
export async function waitForSlotEnd(rpc: Rpc<SolanaRpcApi>, slot: bigint): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if ((await rpc.getSlot({ commitment: 'confirmed' }).send()) >= slot) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`slot ${String(slot)} did not end`);
}

/** Slots of hashes the SlotHashes sysvar keeps (about 200 s of a real cluster's slots). */
export const SLOT_HASHES_KEPT = 512;

/**
 * Ends the open slot, so a bet placed in it has a slot hash (in SlotHashes from the next slot on), as every
 * bet has long before its refund deadline; a refund in the bet's own slot could capture none.
 */
export function endSlot(t: TestServer): void {
  t.chain.chain.advanceSlot();
}

/**
 * Ends more slots than SlotHashes keeps, at once: every slot that has ended so far leaves it, as about
 * 200 s after a bet on a real cluster. A bet still open then can no longer be rolled (its reveal refunds
 * it: `expired`), and a refund from then on captures no slot hash.
 */
export function expireSlotHashes(t: TestServer): void {
  for (let i = 0; i <= SLOT_HASHES_KEPT; i += 1) t.chain.chain.advanceSlot();
}

/** Creates `referrer`'s referral vault (`init_referral`), paid by `payer`. */
export async function createReferralVault(
  rpc: Rpc<SolanaRpcApi>,
  payer: KeyPairSigner,
  referrer: Address,
): Promise<Signature> {
  return sendAndConfirm(rpc, payer, [await getInitReferralInstructionAsync({ payer, referrer })]);
}

/**
 * Rewrites a bet record so it was placed `seconds` earlier: its refund deadline passes without waiting
 * (`BET_REFUND_DELAY_SECS` is 120 s of chain time).
 */
export function backdateBet(t: TestServer, bet: Address, seconds: number): void {
  const key = Uint8Array.from(getAddressEncoder().encode(bet));
  const account = t.chain.chain.getAccount(key);
  if (account === null) throw new Error(`no bet account ${bet}`);
  const decoded = decodeBet(account.data);
  const data = encodeBet({ ...decoded, timestamp: decoded.timestamp - BigInt(seconds) });
  t.chain.chain.writeAccount(key, { lamports: account.lamports, data, owner: account.owner });
}

/** Rewrites a market so its times are `seconds` earlier (an overdue market without waiting a week). */
export function backdateMarket(t: TestServer, market: Address, seconds: number): MarketAccount {
  const key = Uint8Array.from(getAddressEncoder().encode(market));
  const account = t.chain.chain.getAccount(key);
  if (account === null) throw new Error(`no market account ${market}`);
  const decoded = decodeMarket(account.data);
  const shift = BigInt(seconds);
  const moved = {
    ...decoded,
    startTime: decoded.startTime - shift,
    endTime: decoded.endTime - shift,
    cutoffTime: decoded.cutoffTime - shift,
  };
  t.chain.chain.writeAccount(key, {
    lamports: account.lamports,
    data: encodeMarket(moved),
    owner: account.owner,
  });
  return moved;
}

/**
 * A seed chain the test holds itself and commits with the settler's key, so it can send `reveal_bet` with
 * no settler running (anyone may reveal with the seed).
 */
export class TestSeedChain {
  readonly seeds: readonly Uint8Array[];
  readonly length: number;
  /** The bet sequence whose bet takes s_1: the House's `seed_chain_end` when committed. */
  start = 0n;

  constructor(length: number) {
    this.length = length;
    this.seeds = hashChain(new Uint8Array(randomBytes(32)), length);
  }

  /** s_0, lowercase hex. */
  get head(): string {
    return bytesToHex(this.seeds[0]!);
  }

  /** Commits it as the House's next chain, starting at `start`. */
  async commit(t: TestServer, start: bigint): Promise<Signature> {
    this.start = start;
    const settler = t.chain.context.signers.settler;
    return sendAndConfirm(t.chain.context.rpc, settler, [
      await getCommitSeedChainInstructionAsync({
        settler,
        head: this.seeds[0]!,
        length: BigInt(this.length),
      }),
    ]);
  }

  /** The seed of the bet with sequence `sequence`. */
  seedFor(sequence: bigint): Uint8Array {
    const seed = this.seeds[Number(sequence - this.start) + 1];
    if (seed === undefined) throw new Error(`no seed for sequence ${String(sequence)}`);
    return seed;
  }

  /**
   * Reveals `bets` (in sequence order) in one transaction paid by `payer`, once their slots have ended;
   * the signature and the reveal lines the program logged.
   */
  async reveal(
    t: TestServer,
    payer: KeyPairSigner,
    bets: readonly Pick<PlacedBet, 'player' | 'referral' | 'sequence' | 'slot'>[],
  ): Promise<{ signature: Signature; reveals: RevealLog[] }> {
    const { rpc } = t.chain.context;
    await waitForSlotEnd(
      rpc,
      bets.reduce((most, bet) => (bet.slot > most ? bet.slot : most), 0n),
    );
    const instructions = await Promise.all(
      bets.map((bet) =>
        getRevealBetInstructionAsync({
          user: bet.player.address,
          referral: bet.referral,
          seed: this.seedFor(bet.sequence),
        }),
      ),
    );
    const signature = await sendAndConfirm(rpc, payer, instructions);
    const tx = await rpc
      .getTransaction(signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send();
    return { signature, reveals: parseRevealLogs(tx?.meta?.logMessages ?? []) };
  }
}
