/**
 * One simulated player: a funded keypair that signs in through the API and, turn after turn at a
 * human-ish pace, plays one of the four games with real program transactions (the SDK's instruction
 * builders, sent through the server's sender over the product's `/rpc` proxy, as a browser's wallet would),
 * and reads one of the hot API routes, as the web app does on every page:
 *
 * - **TailSpin**: a SOL bet with `create_bet` and a fresh player seed (stakes and odds from the demo bots'
 *   `chooseTailSpinBet`), watched until the settler reveals it (20 s at most, as a player watching the
 *   dial), a win claimed in SOL;
 * - **ReTail**: an NFT bet on a live listing (prize = its buyer price) at low odds (5–25%). A win is claimed
 *   as SOL: the local marketplace has 24 NFTs, which a few minutes of 200 players would empty, and the NFT
 *   claim (buy + co-sign) is covered by the e2e suite;
 * - a bet still open past its refund deadline (nobody revealed it) is refunded by the player itself
 *   (`refund_bet`); half the players are referred by another one (their bet record names it), make its
 *   vault (`init_referral`) when it is missing, and referrers take their shares out (`claim_referral`) after
 *   the run;
 * - **Foresight**: first collects settled rounds (`settle_bet` a win, `withdraw_bet` an Invalid round),
 *   then bets on the live round while more than 3 s are left before its lock;
 * - **Prophecy**: `create_prediction` on an open market it has not predicted on.
 *
 * TailSpin and ReTail share the player's one bet record: a bet waits for the last one to settle and a win
 * to be claimed. Everything the player confirms is written to the {@link Ledger} for the reconciliation.
 *
 * @module
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import {
  decodeBet as decodeForesightBet,
  decodeConfig,
  decodeEvent,
  Prediction,
} from '@arcade/sdk/foresight/accounts';
import {
  getPlaceBetInstructionAsync,
  getSettleBetInstructionAsync,
  getWithdrawBetInstructionAsync,
} from '@arcade/sdk/foresight/instructions';
import { findBetAddress as findForesightBetAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { isEventInvalid } from '@arcade/sdk/foresight/views';
import { TransactionSendError } from '@arcade/sdk/sender';
import {
  BET_ACCOUNT_SIZE,
  BetState,
  decodeBet,
  decodeHouse,
  HOUSE_ACCOUNT_SIZE,
  PREDICTION_ACCOUNT_SIZE,
} from '@arcade/sdk/wager/accounts';
import { betCost, houseFreeBalance, maxPrize } from '@arcade/sdk/wager/bet-math';
import { randomPlayerSeed } from '@arcade/sdk/wager/fairness';
import {
  getClaimBetInstructionAsync,
  getClaimReferralInstructionAsync,
  getCreateBetInstructionAsync,
  getCreatePredictionInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getInitReferralInstructionAsync,
  getRefundBetInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress, findReferralAddress } from '@arcade/sdk/wager/pda';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import {
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';

import { sendAndConfirm } from '../../apps/server/src/chain/send-transaction.ts';
import {
  betRecordAvailable,
  BOT_FEE_RESERVE_LAMPORTS,
  chooseTailSpinBet,
  FORESIGHT_AMOUNTS,
  houseTakesBets,
  PREDICTION_AMOUNTS,
  refundDue,
  spendable,
} from '../../apps/server/src/demo/bots/bot-decisions.ts';
import { pick, weightedPick, type Random } from '../../apps/server/src/demo/random.ts';
import type { ApiClient } from './api.ts';
import type { Game } from './reconcile.ts';

/** What each player does on a turn, relatively. */
export const SOAK_WEIGHTS: Readonly<Record<Game, number>> = Object.freeze({
  tailspin: 4,
  retail: 2,
  foresight: 3,
  prophecy: 2,
});

/** Each player is airdropped this much at the start (and topped up below a quarter of it). */
export const PLAYER_FUNDS = 20n * LAMPORTS_PER_SOL;
/** ReTail odds a player picks from, percent: low, so most NFT bets lose. */
export const RETAIL_ODDS: readonly number[] = Object.freeze([5, 10, 15, 20, 25]);
/** A Foresight bet needs at least this long before the round locks. */
export const FORESIGHT_MARGIN_MS = 3_000;
/** A prediction needs at least this long before the market's cutoff. */
export const PROPHECY_MARGIN_MS = 5_000;
const WATCH_MS = 20_000;
const WATCH_POLL_MS = 2_000;

/** Everything the players confirmed or could not, for the reconciliation and the report. */
export class Ledger {
  readonly confirmed: { game: Game; signature: string; player: string }[] = [];
  /** Sends whose outcome is unknown (timed out with a signature): checked on chain at the end. */
  readonly uncertain: { game: Game; signature: string; player: string }[] = [];
  readonly failures = new Map<string, number>();
  readonly actions = new Map<string, number>();
  claims = 0;
  foresightCollections = 0;
  /** `refund_bet`s the players sent for their own bets past the deadline. */
  refunds = 0;
  /** `claim_referral`s of the referrers. */
  referralClaims = 0;
  /** Turns that found the record waiting for the chain's reveal (a refunded bet not revealed yet). */
  waitingForReveal = 0;

  count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }
}

interface Listing {
  readonly mint: string;
  readonly buyerPrice: string;
}

interface MarketItem {
  readonly key: string;
  readonly cutOffTime: number;
  readonly result: string | null;
}

const bytesOf = (data: readonly [string, string]): Buffer => Buffer.from(data[0], 'base64');

export interface PlayerOptions {
  readonly index: number;
  readonly signer: KeyPairSigner;
  readonly api: ApiClient;
  readonly rpc: Rpc<SolanaRpcApi>;
  readonly random: Random;
  readonly ledger: Ledger;
  /** The Foresight SOL/USD config. */
  readonly foresightConfig: Address;
  /** Another player this one was referred by (its bet record names it), or null. */
  readonly referral?: Address | null;
}

export class SoakPlayer {
  readonly #o: PlayerOptions;
  readonly #rents = new Map<number, bigint>();
  /** Foresight rounds bet on and not yet collected: event → bet account. */
  readonly foresightBets = new Map<Address, Address>();
  readonly #predicted = new Set<string>();

  constructor(options: PlayerOptions) {
    this.#o = options;
  }

  get address(): Address {
    return this.#o.signer.address;
  }

  /** Funds the wallet, signs in and takes a username. */
  async prepare(): Promise<void> {
    await this.#fund();
    await this.#o.api.signIn(this.#o.signer);
    try {
      await this.#o.api.call('/api/user/updateUsername', { username: `soak_${this.#o.index}` });
    } catch {
      this.#o.ledger.count(this.#o.ledger.failures, 'username refused');
    }
  }

  /** One turn: a game, then a hot read. Errors are counted, never thrown. */
  async turn(signal: AbortSignal): Promise<void> {
    const game = weightedPick(this.#o.random, SOAK_WEIGHTS)!;
    this.#o.ledger.count(this.#o.ledger.actions, game);
    try {
      await this.#fund();
      if (game === 'tailspin' || game === 'retail') await this.#wager(game, signal);
      else if (game === 'foresight') await this.#foresight();
      else await this.#prophecy();
    } catch (error) {
      this.#failed(game, error);
    }
    try {
      await this.#hotRead();
    } catch (error) {
      this.#failed('read', error);
    }
  }

  /**
   * After the run: claims an unclaimed win (or refunds a bet nobody revealed by its deadline), collects
   * every settled Foresight round, and takes its referral shares out of its vault.
   */
  async collect(): Promise<void> {
    const record = await this.#wagerRecord();
    if (record !== null && isUnclaimedWin(record)) await this.#claim();
    await this.refundIfDue();
    await this.#collectForesight();
    await this.#claimReferral();
  }

  /** Refunds its bet still open past the refund deadline (`refund_bet`, sent by itself). */
  async refundIfDue(): Promise<void> {
    const record = await this.#wagerRecord();
    if (record === null || !refundDue(record, Date.now())) return;
    const [bet] = await findBetAddress(this.address);
    await sendAndConfirm(this.#o.rpc, this.#o.signer, [
      await getRefundBetInstructionAsync({ caller: this.#o.signer, bet, user: this.address }),
    ]);
    this.#o.ledger.refunds += 1;
  }

  /** `claim_referral` when its vault holds more than its rent (the shares of its referees' bets). */
  async #claimReferral(): Promise<void> {
    const [vault] = await findReferralAddress(this.address);
    const { value } = await this.#o.rpc
      .getAccountInfo(vault, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (value === null) return;
    const rent = await this.#rent(Buffer.from(value.data[0], 'base64').length);
    if (value.lamports <= rent) return;
    await sendAndConfirm(this.#o.rpc, this.#o.signer, [
      await getClaimReferralInstructionAsync({ referrer: this.#o.signer }),
    ]);
    this.#o.ledger.referralClaims += 1;
  }

  #failed(what: string, error: unknown): void {
    const reason =
      error instanceof TransactionSendError
        ? `${error.reason}${error.programErrorName === null ? '' : ` ${error.programErrorName}`}`
        : error instanceof Error
          ? error.message.split('\n')[0]!.slice(0, 80)
          : String(error);
    this.#o.ledger.count(this.#o.ledger.failures, `${what}: ${reason}`);
  }

  /** Sends a bet: confirmed → the ledger; unknown outcome (timed out with a signature) → uncertain. */
  async #sendBet(game: Game, instructions: readonly Instruction[]): Promise<Signature> {
    try {
      const signature = await sendAndConfirm(this.#o.rpc, this.#o.signer, instructions, {
        timeoutMs: 90_000,
      });
      this.#o.ledger.confirmed.push({ game, signature, player: this.address });
      return signature;
    } catch (error) {
      const signature = error instanceof TransactionSendError ? error.signature : null;
      const cause = (error as { cause?: unknown }).cause;
      const sig = signature ?? (cause instanceof TransactionSendError ? cause.signature : null);
      if (sig !== null && !(cause instanceof TransactionSendError && cause.reason === 'failed')) {
        this.#o.ledger.uncertain.push({ game, signature: sig, player: this.address });
      }
      throw error;
    }
  }

  // TailSpin and ReTail ------------------------------------------------------------------------------

  async #wagerRecord() {
    const [bet] = await findBetAddress(this.address);
    const { value } = await this.#o.rpc
      .getAccountInfo(bet, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value === null ? null : decodeBet(bytesOf(value.data));
  }

  async #claim(): Promise<void> {
    await sendAndConfirm(this.#o.rpc, this.#o.signer, [
      await getClaimBetInstructionAsync({ user: this.#o.signer, sol: true }),
    ]);
    this.#o.ledger.claims += 1;
  }

  async #wager(game: 'tailspin' | 'retail', signal: AbortSignal): Promise<void> {
    const record = await this.#wagerRecord();
    if (record !== null && isUnclaimedWin(record)) return this.#claim();
    if (record !== null && record.state === BetState.Open) {
      // The settler's turn; past the deadline the player takes its stake and fee back itself.
      return this.refundIfDue();
    }
    const [house] = await findHouseAddress();
    const [houseInfo, balance, houseRent, betRent] = await Promise.all([
      this.#o.rpc.getAccountInfo(house, { encoding: 'base64', commitment: 'confirmed' }).send(),
      this.#balance(),
      this.#rent(HOUSE_ACCOUNT_SIZE),
      this.#rent(BET_ACCOUNT_SIZE),
    ]);
    if (houseInfo.value === null) throw new Error('no house');
    const houseAccount = decodeHouse(bytesOf(houseInfo.value.data));
    if (houseAccount.paused) throw new Error('house paused');
    if (!houseTakesBets(houseAccount)) throw new Error('no seed committed for a new bet');
    if (!betRecordAvailable(record, houseAccount)) {
      // Its refunded bet keeps its place in the seed chain until the settler reveals past it.
      this.#o.ledger.waitingForReveal += 1;
      return;
    }
    const limit = maxPrize(houseFreeBalance(houseInfo.value.lamports, houseRent, houseAccount.outstanding));
    const reserve = BOT_FEE_RESERVE_LAMPORTS + (record === null ? betRent : 0n);
    const playerSeed = randomPlayerSeed();

    let create: Instruction;
    if (game === 'tailspin') {
      const choice = chooseTailSpinBet(this.#o.random, { balance, reserve, maxPrize: limit });
      if (choice === null) throw new Error('no affordable TailSpin bet');
      create = await getCreateBetInstructionAsync({
        user: this.#o.signer,
        odds: choice.odds,
        listingPrice: choice.listingPrice,
        betType: 'sol',
        playerSeed,
      });
    } else {
      const listing = await this.#pickListing(limit);
      const odds = pick(this.#o.random, RETAIL_ODDS);
      const prize = BigInt(listing.buyerPrice);
      if (betCost(prize, odds) > spendable(balance, reserve)) throw new Error('ReTail bet not affordable');
      create = await getCreateBetInstructionAsync({
        user: this.#o.signer,
        odds,
        listingPrice: prize,
        betType: 'nft',
        mint: listing.mint as Address,
        playerSeed,
      });
    }
    const instructions: Instruction[] = [];
    const referral = record === null ? (this.#o.referral ?? null) : record.referral;
    if (record === null) {
      instructions.push(await getInitBetOffchainInstructionAsync({ user: this.#o.signer, referral }));
    }
    // A referral's share goes to its vault: one nobody created would keep it in the house.
    if (referral !== null && !(await this.#exists((await findReferralAddress(referral))[0]))) {
      instructions.push(await getInitReferralInstructionAsync({ payer: this.#o.signer, referrer: referral }));
    }
    instructions.push(create);
    await this.#sendBet(game, instructions);
    // Watch it settle, as a player watching the dial or the claw would; a win left here is claimed later.
    for (let waited = 0; waited < WATCH_MS && !signal.aborted; waited += WATCH_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_POLL_MS));
      const bet = await this.#wagerRecord();
      if (bet === null || bet.state === BetState.Open) continue;
      if (isUnclaimedWin(bet)) await this.#claim();
      return;
    }
  }

  async #exists(address: Address): Promise<boolean> {
    const { value } = await this.#o.rpc
      .getAccountInfo(address, {
        encoding: 'base64',
        dataSlice: { offset: 0, length: 0 },
        commitment: 'confirmed',
      })
      .send();
    return value !== null;
  }

  /** A live listing whose buyer price the house accepts as a prize, through the API as the web app reads it. */
  async #pickListing(limit: bigint): Promise<Listing> {
    const { collections } = await this.#o.api.call<{ collections: { collId: string }[] }>(
      '/api/nfts/trendingV2',
    );
    if (collections.length === 0) throw new Error('no NFT collections');
    const { collId } = pick(this.#o.random, collections);
    const { collection } = await this.#o.api.call<{ collection: { listings: Listing[] } }>(
      `/api/nfts/collectionV2?collId=${encodeURIComponent(collId)}`,
    );
    const fitting = collection.listings.filter((listing) => BigInt(listing.buyerPrice) <= limit);
    if (fitting.length === 0) throw new Error('no listing within the house limit');
    return pick(this.#o.random, fitting);
  }

  // Foresight ----------------------------------------------------------------------------------------

  async #foresight(): Promise<void> {
    await this.#collectForesight();
    const config = this.#o.foresightConfig;
    const { value: configInfo } = await this.#o.rpc
      .getAccountInfo(config, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (configInfo === null) throw new Error('no Foresight config');
    const configAccount = decodeConfig(bytesOf(configInfo.data));
    if (configAccount.disabled || configAccount.liveEvent === 0) throw new Error('no live round');
    const [event] = await findEventAddress(config, configAccount.liveEvent);
    const [bet] = await findForesightBetAddress(event, this.address);
    const [{ value }, balance] = await Promise.all([
      this.#o.rpc.getMultipleAccounts([event, bet], { encoding: 'base64', commitment: 'confirmed' }).send(),
      this.#balance(),
    ]);
    const [eventInfo, betInfo] = value;
    if (!eventInfo || betInfo) return; // no round, or already in it
    const round = decodeEvent(bytesOf(eventInfo.data));
    if (Number(round.lockTime) * 1000 - Date.now() < FORESIGHT_MARGIN_MS) return; // too late for this round
    const affordable = FORESIGHT_AMOUNTS.filter(
      (amount) => amount <= spendable(balance, BOT_FEE_RESERVE_LAMPORTS),
    );
    if (affordable.length === 0) throw new Error('Foresight bet not affordable');
    const prediction = this.#o.random() < 0.5 ? 'up' : 'down';
    await this.#sendBet('foresight', [
      await getPlaceBetInstructionAsync({
        user: this.#o.signer,
        config,
        event,
        prediction,
        amount: pick(this.#o.random, affordable),
      }),
    ]);
    this.foresightBets.set(event, bet);
  }

  /** Pays out (won) or refunds (Invalid round) each remembered bet whose round is settled. */
  async #collectForesight(): Promise<void> {
    const entries = [...this.foresightBets];
    if (entries.length === 0) return;
    const { value } = await this.#o.rpc
      .getMultipleAccounts(
        entries.flatMap(([event, bet]) => [event, bet]),
        { encoding: 'base64', commitment: 'confirmed' },
      )
      .send();
    for (const [index, [event]] of entries.entries()) {
      const eventInfo = value[index * 2];
      if (!eventInfo) continue;
      const round = decodeEvent(bytesOf(eventInfo.data));
      if (!round.isSettled) continue;
      const betInfo = value[index * 2 + 1];
      if (!betInfo) {
        this.foresightBets.delete(event);
        continue;
      }
      const mine = decodeForesightBet(bytesOf(betInfo.data));
      const input = { user: this.address, config: this.#o.foresightConfig, event };
      if (!mine.isSettled && isEventInvalid(round)) {
        await sendAndConfirm(this.#o.rpc, this.#o.signer, [await getWithdrawBetInstructionAsync(input)]);
        this.#o.ledger.foresightCollections += 1;
      } else if (!mine.isSettled && round.result === mine.prediction && round.result !== Prediction.Invalid) {
        await sendAndConfirm(this.#o.rpc, this.#o.signer, [await getSettleBetInstructionAsync(input)]);
        this.#o.ledger.foresightCollections += 1;
      }
      this.foresightBets.delete(event);
    }
  }

  // Prophecy -----------------------------------------------------------------------------------------

  async #prophecy(): Promise<void> {
    const { markets } = await this.#o.api.call<{ markets: MarketItem[] }>(
      '/api/prophecy/markets?sortBy=EndingSoon',
    );
    const open = markets.filter(
      (market) =>
        market.result === null &&
        market.cutOffTime * 1000 - Date.now() > PROPHECY_MARGIN_MS &&
        !this.#predicted.has(market.key),
    );
    if (open.length === 0) return;
    const market = pick(this.#o.random, open);
    const [balance, rent] = await Promise.all([this.#balance(), this.#rent(PREDICTION_ACCOUNT_SIZE)]);
    const affordable = PREDICTION_AMOUNTS.filter(
      (amount) => amount <= spendable(balance, BOT_FEE_RESERVE_LAMPORTS + rent),
    );
    if (affordable.length === 0) throw new Error('prediction not affordable');
    // Read the market page first, as a player would.
    await this.#o.api.call(`/api/prophecy/${market.key}`);
    this.#predicted.add(market.key);
    await this.#sendBet('prophecy', [
      await getCreatePredictionInstructionAsync({
        user: this.#o.signer,
        market: market.key as Address,
        amount: pick(this.#o.random, affordable),
        result: this.#o.random() < 0.5 ? 'yes' : 'no',
      }),
    ]);
  }

  // Reads and funds ----------------------------------------------------------------------------------

  /** One of the routes every page of the web app reads. */
  async #hotRead(): Promise<void> {
    const address = this.address;
    const reads: (() => Promise<unknown>)[] = [
      () => this.#o.api.call(`/api/user/${address}`),
      () => this.#o.api.call(`/api/user/juice/${address}`),
      () => this.#o.api.call('/api/prophecy/markets'),
      () => this.#o.api.call('/api/user/bets', { address, game: 'tailspin' }),
      () => this.#o.api.call('/api/user/predictions', { address }),
      () => this.#o.api.call('/api/user/marketBets', { address }),
    ];
    await pick(this.#o.random, reads)();
  }

  async #balance(): Promise<bigint> {
    return (await this.#o.rpc.getBalance(this.address, { commitment: 'confirmed' }).send()).value;
  }

  async #fund(): Promise<void> {
    const before = await this.#balance();
    if (before >= PLAYER_FUNDS / 4n) return;
    await this.#o.rpc
      .requestAirdrop(this.address, lamports(PLAYER_FUNDS - before), { commitment: 'confirmed' })
      .send();
    for (let poll = 0; poll < 300; poll++) {
      if ((await this.#balance()) > before) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the airdrop did not show');
  }

  async #rent(size: number): Promise<bigint> {
    let rent = this.#rents.get(size);
    if (rent === undefined) {
      rent = await this.#o.rpc.getMinimumBalanceForRentExemption(BigInt(size)).send();
      this.#rents.set(size, rent);
    }
    return rent;
  }
}
