/**
 * One demo bot: a wallet that signs in through the API, takes a username, and on its turns plays like a
 * person would, with real transactions through the SDK's instruction builders:
 *
 * - TailSpin: claims an unclaimed win, refunds its own bet still open past its refund deadline
 *   (`refund_bet`), or opens a small SOL bet (`init_bet_offchain` the first time, then `create_bet` with a
 *   fresh player seed, and `init_referral` first when its record names a referral whose vault is missing),
 *   watches the settler reveal it for a while and claims it when it wins;
 * - Foresight: collects its settled rounds (`settle_bet` a win, `withdraw_bet` an invalid round, then
 *   `close_bet` for the rent), then bets on the live round unless it locks too soon;
 * - Prophecy: `create_prediction` on an open market it has not predicted on;
 * - chat: a short line on the real `/chat` socket, signed in, sometimes about what it just did.
 *
 * The indexer, settler and sockets treat it as any player, so the feed, the chat, Juice and the history
 * fill up on their own. Its wallet is topped up by the local chain's airdrop.
 *
 * @module
 */

import {
  BET_USER_OFFSET,
  decodeBet as decodeForesightBet,
  decodeConfig,
  decodeEvent,
  BET_ACCOUNT_SIZE as FORESIGHT_BET_SIZE,
  Prediction,
} from '@arcade/sdk/foresight/accounts';
import {
  getCloseBetInstructionAsync,
  getPlaceBetInstructionAsync,
  getSettleBetInstructionAsync,
  getWithdrawBetInstructionAsync,
} from '@arcade/sdk/foresight/instructions';
import {
  findConfigAddress,
  findBetAddress as findForesightBetAddress,
  findEventAddress,
} from '@arcade/sdk/foresight/pda';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { isEventInvalid } from '@arcade/sdk/foresight/views';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import {
  BET_ACCOUNT_SIZE,
  BetResult,
  BetState,
  decodeBet,
  decodeHouse,
  HOUSE_ACCOUNT_SIZE,
  PREDICTION_ACCOUNT_SIZE,
} from '@arcade/sdk/wager/accounts';
import { houseFreeBalance, maxPrize } from '@arcade/sdk/wager/bet-math';
import { randomPlayerSeed } from '@arcade/sdk/wager/fairness';
import {
  getClaimBetInstructionAsync,
  getCreateBetInstructionAsync,
  getCreatePredictionInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getInitReferralInstructionAsync,
  getRefundBetInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { decodeWagerError } from '@arcade/sdk/wager/errors';
import {
  findBetAddress,
  findHouseAddress,
  findPredictionAddress,
  findReferralAddress,
} from '@arcade/sdk/wager/pda';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import { type Address, type Base58EncodedBytes, type Instruction, type KeyPairSigner } from '@solana/kit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';

import { ChainTransactionError, sendAndConfirm } from '../../chain/send-transaction.ts';
import { ensureUsername, signInWallet } from '../demo-accounts.ts';
import { balanceOf, topUp } from '../demo-wallets.ts';
import type { Random } from '../random.ts';
import { sleep } from '../sleep.ts';
import {
  betRecordAvailable,
  BOT_FEE_RESERVE_LAMPORTS,
  BOT_TOP_UP,
  chooseForesightBet,
  choosePrediction,
  chooseTailSpinBet,
  houseTakesBets,
  refundDue,
  type BotAction,
} from './bot-decisions.ts';
import { chatLine, type BotEvent } from './chat-lines.ts';

/** Usernames bots take, in order (a taken one gets a number). */
export const BOT_USERNAMES: readonly string[] = Object.freeze([
  'moonpie',
  'degen_dolphin',
  'sol_surfer',
  'lucky_lena',
  'gm_guru',
  'chart_wizard',
  'dial_spinner',
  'pixel_pete',
  'frog_trader',
  'night_owl',
  'coinflip_cat',
  'hodl_hannah',
]);

/** How long a bot watches its TailSpin bet settle before moving on (it claims on a later turn). */
const WATCH_BET_MS = 20_000;
const WATCH_POLL_MS = 2_000;

/** Options of {@link BotPlayer}. */
export interface BotPlayerOptions {
  readonly app: FastifyInstance;
  readonly signer: KeyPairSigner;
  /** The bot's number, from 0: picks its username. */
  readonly index: number;
  readonly random: Random;
  /** This server's own URL, for the chat socket; null: the bot does not chat. */
  readonly serverUrl: string | null;
  readonly log: FastifyBaseLogger;
}

const bytesOf = (data: readonly [string, string]): Buffer => Buffer.from(data[0], 'base64');

/** A demo bot; see the module's description. */
export class BotPlayer {
  readonly #app: FastifyInstance;
  readonly #signer: KeyPairSigner;
  readonly #index: number;
  readonly #random: Random;
  readonly #serverUrl: string | null;
  readonly #log: FastifyBaseLogger;
  readonly #rents = new Map<number, bigint>();
  /** Foresight rounds this bot has a bet in that it has not collected: event address → bet address. */
  readonly #foresightBets = new Map<Address, Address>();
  #token: string | null = null;
  #username: string | null = null;
  #chat: Socket | null = null;
  #lastEvent: BotEvent | null = null;
  #foresightConfig: Address | null = null;

  constructor(options: BotPlayerOptions) {
    this.#app = options.app;
    this.#signer = options.signer;
    this.#index = options.index;
    this.#random = options.random;
    this.#serverUrl = options.serverUrl;
    this.#log = options.log.child({ bot: options.signer.address });
  }

  get address(): Address {
    return this.#signer.address;
  }

  get username(): string | null {
    return this.#username;
  }

  /** Funds the wallet, signs in, takes a username, finds its uncollected Foresight bets, opens the chat. */
  async prepare(signal: AbortSignal): Promise<void> {
    await this.#fund(signal);
    await this.#signIn();
    await this.#ensureUsername();
    await this.#findForesightBets();
    await this.#openChat();
    this.#log.info({ username: this.#username }, 'demo bot ready');
  }

  /** One turn. */
  async act(action: BotAction, signal: AbortSignal): Promise<void> {
    switch (action) {
      case 'tailspin':
        await this.#fund(signal);
        return this.playTailSpin(signal);
      case 'foresight':
        await this.#fund(signal);
        return this.playForesight();
      case 'prophecy':
        await this.#fund(signal);
        return this.predict();
      case 'chat':
        await this.chat();
    }
  }

  /** Closes the chat socket. */
  close(): void {
    this.#chat?.disconnect();
    this.#chat = null;
  }

  // ---------------------------------------------------------------------------------------------------
  // TailSpin
  // ---------------------------------------------------------------------------------------------------

  /**
   * Claims a win, refunds its bet still open past the deadline, or opens a bet and watches it settle
   * (claiming it if it wins).
   */
  async playTailSpin(signal: AbortSignal): Promise<void> {
    const [betAddress] = await findBetAddress(this.address);
    const record = await this.#wagerBet(betAddress);
    if (record !== null && isUnclaimedWin(record)) {
      await this.#claim(record.listingPrice, record.betAmount);
      return;
    }
    if (record !== null && record.state === BetState.Open) {
      // The settler reveals it; if it never does, the player takes the stake and fee back itself.
      if (refundDue(record, this.#app.now())) await this.#refund(betAddress);
      return;
    }
    const [house] = await findHouseAddress();
    const [houseInfo, balance, houseRent, betRent] = await Promise.all([
      this.#rpc.getAccountInfo(house, { encoding: 'base64', commitment: 'confirmed' }).send(),
      balanceOf(this.#rpc, this.address),
      this.#rent(HOUSE_ACCOUNT_SIZE),
      this.#rent(BET_ACCOUNT_SIZE),
    ]);
    if (houseInfo.value === null) return;
    const houseAccount = decodeHouse(bytesOf(houseInfo.value.data));
    // Paused, no seed committed for a new bet yet, or its last bet (refunded) still waiting for the chain's
    // reveal to pass it.
    if (!houseTakesBets(houseAccount) || !betRecordAvailable(record, houseAccount)) return;
    const limit = maxPrize(houseFreeBalance(houseInfo.value.lamports, houseRent, houseAccount.outstanding));
    const choice = chooseTailSpinBet(this.#random, {
      balance,
      reserve: BOT_FEE_RESERVE_LAMPORTS + (record === null ? betRent : 0n),
      maxPrize: limit,
    });
    if (choice === null) return;
    const instructions: Instruction[] = [];
    if (record === null)
      instructions.push(await getInitBetOffchainInstructionAsync({ user: this.#signer, referral: null }));
    // A referral's share goes to its vault; a vault nobody created keeps it in the house, so make it.
    const referral = record?.referral ?? null;
    if (referral !== null && !(await this.#exists((await findReferralAddress(referral))[0]))) {
      instructions.push(await getInitReferralInstructionAsync({ payer: this.#signer, referrer: referral }));
    }
    instructions.push(
      await getCreateBetInstructionAsync({
        user: this.#signer,
        odds: choice.odds,
        listingPrice: choice.listingPrice,
        betType: 'sol',
        // A fresh seed per bet, as the web app draws one for every player.
        playerSeed: randomPlayerSeed(),
      }),
    );
    await this.#send(instructions);
    this.#log.debug({ odds: choice.odds, stake: choice.stake.toString() }, 'demo bot: TailSpin bet');
    // Watch it settle, as a player watching the dial would.
    for (let waited = 0; waited < WATCH_BET_MS && !signal.aborted; waited += WATCH_POLL_MS) {
      await sleep(WATCH_POLL_MS, signal);
      const bet = await this.#wagerBet(betAddress);
      if (bet === null || bet.state === BetState.Open) continue;
      if (isUnclaimedWin(bet)) await this.#claim(bet.listingPrice, bet.betAmount);
      else if (bet.result === BetResult.Loss) this.#lastEvent = { kind: 'tailspin-loss' };
      return;
    }
  }

  /** `refund_bet` of its own bet, sent by itself; one refused as early (the chain's clock) waits a turn. */
  async #refund(betAddress: Address): Promise<void> {
    try {
      await this.#send([
        await getRefundBetInstructionAsync({ caller: this.#signer, bet: betAddress, user: this.address }),
      ]);
      this.#log.info('demo bot: refunded its TailSpin bet the settler never revealed');
    } catch (error) {
      const code = error instanceof ChainTransactionError ? error.programErrorCode : null;
      const name = code === null ? null : (decodeWagerError(code)?.name ?? null);
      if (name !== 'RefundTooEarly' && name !== 'BetNotOpen') throw error;
    }
  }

  async #exists(address: Address): Promise<boolean> {
    const { value } = await this.#rpc
      .getAccountInfo(address, {
        encoding: 'base64',
        dataSlice: { offset: 0, length: 0 },
        commitment: 'confirmed',
      })
      .send();
    return value !== null;
  }

  async #claim(prize: bigint, stake: bigint): Promise<void> {
    await this.#send([await getClaimBetInstructionAsync({ user: this.#signer, sol: true })]);
    this.#lastEvent = {
      kind: 'tailspin-win',
      multiplier: stake === 0n ? 1 : Number((prize * 100n) / stake) / 100,
    };
  }

  async #wagerBet(address: Address) {
    const { value } = await this.#rpc
      .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value === null ? null : decodeBet(bytesOf(value.data));
  }

  // ---------------------------------------------------------------------------------------------------
  // Foresight
  // ---------------------------------------------------------------------------------------------------

  /** Collects settled rounds, then bets on the live one. */
  async playForesight(): Promise<void> {
    const config = await this.#configAddress();
    await this.#collectForesight(config);
    const { value: configInfo } = await this.#rpc
      .getAccountInfo(config, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (configInfo === null) return;
    const configAccount = decodeConfig(bytesOf(configInfo.data));
    if (configAccount.disabled || configAccount.liveEvent === 0) return;
    const [event] = await findEventAddress(config, configAccount.liveEvent);
    const [bet] = await findForesightBetAddress(event, this.address);
    const [{ value }, balance, rent] = await Promise.all([
      this.#rpc.getMultipleAccounts([event, bet], { encoding: 'base64', commitment: 'confirmed' }).send(),
      balanceOf(this.#rpc, this.address),
      this.#rent(FORESIGHT_BET_SIZE),
    ]);
    const [eventInfo, betInfo] = value;
    if (!eventInfo || betInfo) return; // no round, or already in it
    const round = decodeEvent(bytesOf(eventInfo.data));
    const choice = chooseForesightBet(this.#random, {
      balance,
      reserve: BOT_FEE_RESERVE_LAMPORTS + rent,
      msToLock: Number(round.lockTime) * 1000 - this.#app.now(),
    });
    if (choice === null) return;
    await this.#send([
      await getPlaceBetInstructionAsync({
        user: this.#signer,
        config,
        event,
        prediction: choice.side,
        amount: choice.amount,
      }),
    ]);
    this.#foresightBets.set(event, bet);
    this.#lastEvent = { kind: 'foresight-bet', side: choice.side };
  }

  /** Pays out, refunds or closes each remembered bet whose round is settled. */
  async #collectForesight(config: Address): Promise<void> {
    const entries = [...this.#foresightBets];
    if (entries.length === 0) return;
    const { value } = await this.#rpc
      .getMultipleAccounts(
        entries.flatMap(([event, bet]) => [event, bet]),
        { encoding: 'base64', commitment: 'confirmed' },
      )
      .send();
    for (const [index, [event]] of entries.entries()) {
      const eventInfo = value[index * 2];
      const betInfo = value[index * 2 + 1];
      if (!betInfo) {
        this.#foresightBets.delete(event); // closed already
        continue;
      }
      if (!eventInfo) continue;
      const round = decodeEvent(bytesOf(eventInfo.data));
      if (!round.isSettled) continue;
      const mine = decodeForesightBet(bytesOf(betInfo.data));
      const input = { user: this.address, config, event };
      const instructions: Instruction[] = [];
      if (!mine.isSettled && isEventInvalid(round))
        instructions.push(await getWithdrawBetInstructionAsync(input));
      else if (!mine.isSettled && round.result === mine.prediction && round.result !== Prediction.Invalid) {
        instructions.push(await getSettleBetInstructionAsync(input));
        this.#lastEvent = { kind: 'foresight-paid' };
      }
      instructions.push(await getCloseBetInstructionAsync({ user: this.#signer, event }));
      await this.#send(instructions);
      this.#foresightBets.delete(event);
    }
  }

  /** The bets of this wallet still on chain (from an earlier run), to collect them. */
  async #findForesightBets(): Promise<void> {
    const accounts = await this.#rpc
      .getProgramAccounts(FORESIGHT_PROGRAM_ADDRESS, {
        encoding: 'base64',
        commitment: 'confirmed',
        filters: [
          { dataSize: BigInt(FORESIGHT_BET_SIZE) },
          {
            memcmp: {
              offset: BigInt(BET_USER_OFFSET),
              bytes: this.address as string as Base58EncodedBytes,
              encoding: 'base58',
            },
          },
        ],
      })
      .send();
    for (const { pubkey, account } of accounts) {
      this.#foresightBets.set(decodeForesightBet(bytesOf(account.data)).event, pubkey);
    }
  }

  /** The SOL/USD config: the PDA of the feed the price account carries. */
  async #configAddress(): Promise<Address> {
    if (this.#foresightConfig !== null) return this.#foresightConfig;
    const priceAccount = this.#app.chain.addresses.priceAccount;
    const { value } = await this.#rpc
      .getAccountInfo(priceAccount, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (value === null) throw new Error(`the price account ${priceAccount} does not exist`);
    const [config] = await findConfigAddress(decodePriceUpdateV2(bytesOf(value.data)).priceMessage.feedId);
    this.#foresightConfig = config;
    return config;
  }

  // ---------------------------------------------------------------------------------------------------
  // Prophecy
  // ---------------------------------------------------------------------------------------------------

  /** Predicts on an open market it has not predicted on yet. */
  async predict(): Promise<void> {
    const nowMs = this.#app.now();
    const { markets } = await this.#app.services.prophecy.markets.list({
      sortBy: 'EndingSoon',
      categories: [],
      name: null,
      showPastEvents: false,
      nowSecs: Math.floor(nowMs / 1000),
      limit: 50,
      offset: 0,
    });
    const open = markets.filter((market) => market.result === null && market.cutoffTime * 1000 > nowMs);
    if (open.length === 0) return;
    const predictionAddresses = await Promise.all(
      open.map(async (market) => (await findPredictionAddress(market.address as Address, this.address))[0]),
    );
    const [{ value }, balance, rent] = await Promise.all([
      this.#rpc
        .getMultipleAccounts(predictionAddresses, { encoding: 'base64', commitment: 'confirmed' })
        .send(),
      balanceOf(this.#rpc, this.address),
      this.#rent(PREDICTION_ACCOUNT_SIZE),
    ]);
    const predicted = new Set(
      open.filter((_, index) => value[index] !== null).map((market) => market.address),
    );
    const choice = choosePrediction(this.#random, {
      balance,
      reserve: BOT_FEE_RESERVE_LAMPORTS + rent,
      nowMs,
      predicted,
      markets: open.map((market) => ({
        address: market.address,
        shortName: market.shortName,
        cutoffMs: market.cutoffTime * 1000,
        yesPool: market.yesPool,
        noPool: market.noPool,
      })),
    });
    if (choice === null) return;
    await this.#send([
      await getCreatePredictionInstructionAsync({
        user: this.#signer,
        market: choice.market.address as Address,
        amount: choice.amount,
        result: choice.side,
      }),
    ]);
    this.#lastEvent = { kind: 'prediction', shortName: choice.market.shortName, side: choice.side };
  }

  // ---------------------------------------------------------------------------------------------------
  // Chat and the account
  // ---------------------------------------------------------------------------------------------------

  /** Posts a line; a refused one is logged (the chat's own rules apply to bots too). */
  async chat(): Promise<void> {
    if (this.#chat === null) await this.#openChat();
    const chat = this.#chat;
    if (chat === null || !chat.connected) return;
    const text = chatLine(this.#random, this.#lastEvent);
    this.#lastEvent = null;
    const ack = (await chat.timeout(10_000).emitWithAck('message', text)) as {
      success: boolean;
      error?: string;
    };
    if (!ack.success) {
      this.#log.info({ error: ack.error }, 'demo bot: the chat refused a line');
      if (ack.error === 'Token expired' || ack.error === 'Invalid token') {
        this.close();
        await this.#signIn();
      }
    }
  }

  async #openChat(): Promise<void> {
    if (this.#serverUrl === null || this.#token === null) return;
    // A dev dependency: loaded only when bots chat, so a production install without it still starts.
    const { io } = await import('socket.io-client');
    this.#chat = io(this.#serverUrl, {
      path: '/chat',
      transports: ['websocket'],
      auth: { token: this.#token },
      reconnectionDelay: 5_000,
    });
  }

  async #signIn(): Promise<void> {
    this.#token = await signInWallet(this.#app, this.#signer);
  }

  async #ensureUsername(): Promise<void> {
    const round = Math.floor(this.#index / BOT_USERNAMES.length);
    const base = BOT_USERNAMES[this.#index % BOT_USERNAMES.length]!;
    this.#username = await ensureUsername(this.#app, {
      address: this.address,
      token: this.#token!,
      wanted: round === 0 ? base : `${base}${round}`,
      random: this.#random,
    });
    if (this.#username === null) this.#log.warn('demo bot: no username free; it plays without chatting');
  }

  async #fund(signal: AbortSignal): Promise<void> {
    await topUp(this.#rpc, this.address, { ...BOT_TOP_UP, signal });
  }

  async #rent(size: number): Promise<bigint> {
    let rent = this.#rents.get(size);
    if (rent === undefined) {
      rent = await this.#rpc.getMinimumBalanceForRentExemption(BigInt(size)).send();
      this.#rents.set(size, rent);
    }
    return rent;
  }

  async #send(instructions: readonly Instruction[]): Promise<void> {
    await sendAndConfirm(this.#rpc, this.#signer, instructions);
  }

  get #rpc() {
    return this.#app.chain.rpc;
  }
}
