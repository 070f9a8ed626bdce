/**
 * Foresight in real time: a booted chain with a 2-second timelock and its own slot timer running, the test
 * playing the crank. Bets go through JSON-RPC (kit's `sendTransaction`), the rounds lock and settle on the
 * wall clock with the one Pyth update for each tick's planned time (`getPythPriceUpdate`), and the winner is
 * paid exactly what the SDK says (or both bets are refunded when the round came out Invalid).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getAddressEncoder, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decodeConfig, decodeEvent, Prediction, type EventAccount } from '@arcade/sdk/foresight/accounts';
import {
  getCreateEventInstructionAsync,
  getLockAndSettleEventsInstruction,
  getPlaceBetInstructionAsync,
  getSettleBetInstructionAsync,
  getWithdrawBetInstructionAsync,
} from '@arcade/sdk/foresight/instructions';
import { findEventAddress } from '@arcade/sdk/foresight/pda';
import { foresightPayout } from '@arcade/sdk/payout';

import {
  callRaw,
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';
import { bootLocalnet, type BootedLocalnet } from './boot.ts';

const TIMELOCK_SECS = 2;
const bytes = (address: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(address));

let dataDir: string;
let node: TestNode;
let booted: BootedLocalnet;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'localnet-foresight-rt-'));
  node = await startTestNode({ slotMs: 200 });
  booted = await bootLocalnet({ chain: node.chain, dataDir, foresightTimelock: TIMELOCK_SECS });
  node.chain.start();
});

afterAll(async () => {
  booted.stop();
  await node.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = async (payer: KeyPairSigner, instructions: Instruction[]): Promise<void> => {
  await sendAndConfirm(node, await signedTransaction(node, payer, instructions), { skipPreflight: false });
};

const readEvent = async (id: number): Promise<EventAccount> => {
  const [event] = await findEventAddress(booted.seed!.foresightConfig, id);
  return decodeEvent(node.chain.getAccount(bytes(event))!.data);
};

/** Waits on the wall clock until the chain's Clock has reached `unixTime`. */
const waitForChainTime = async (unixTime: bigint): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (BigInt(node.chain.blockTime) < unixTime) {
    if (Date.now() > deadline) throw new Error(`the chain's clock did not reach ${unixTime}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const balance = async (address: Address): Promise<bigint> =>
  (await node.rpc.getBalance(address).send()).value;

/**
 * The crank: lock_and_settle_events with the one Pyth update for the live round's lock time (asked of the
 * node over JSON-RPC, as a crank in another process does), then create the round after next.
 */
const tick = async (): Promise<{ publishTime: number; prevPublishTime: number; price: number }> => {
  const eventSigner = booted.keys.eventSigner;
  const configAddress = booted.seed!.foresightConfig;
  const config = decodeConfig(node.chain.getAccount(bytes(configAddress))!.data);
  const [liveEvent] = await findEventAddress(configAddress, config.liveEvent);
  const [nextEvent] = await findEventAddress(configAddress, config.liveEvent + 1);
  const lockedEvent =
    config.lockedEvent === 0 ? null : (await findEventAddress(configAddress, config.lockedEvent))[0];
  const planned = (await readEvent(config.liveEvent)).lockTime;
  const { result } = await callRaw(node, 'getPythPriceUpdate', [booted.priceAccount, Number(planned)]);
  const update = result as { address: Address; publishTime: number; prevPublishTime: number; price: number };
  expect(update.publishTime).toBeGreaterThanOrEqual(Number(planned));
  expect(update.prevPublishTime).toBeLessThan(Number(planned));
  await send(eventSigner, [
    getLockAndSettleEventsInstruction({
      cranker: eventSigner,
      config: configAddress,
      lockedEvent,
      liveEvent,
      nextEvent,
      priceUpdate: update.address,
      treasury: booted.addresses.treasury,
    }),
    await getCreateEventInstructionAsync({
      payer: eventSigner,
      config: configAddress,
      id: config.liveEvent + 2,
    }),
  ]);
  return update;
};

it('bets on round 1, locks it and settles it on real time, and pays the winner exactly', async () => {
  const configAddress = booted.seed!.foresightConfig;
  const [round1] = await findEventAddress(configAddress, 1);
  const [upUser, downUser] = await Promise.all([fundedSigner(node, 3n), fundedSigner(node, 3n)]);
  const upAmount = 1_000_000_000n;
  const downAmount = 500_000_000n;
  await Promise.all([
    send(upUser, [
      await getPlaceBetInstructionAsync({
        user: upUser,
        config: configAddress,
        event: round1,
        prediction: 'up',
        amount: upAmount,
      }),
    ]),
    send(downUser, [
      await getPlaceBetInstructionAsync({
        user: downUser,
        config: configAddress,
        event: round1,
        prediction: 'down',
        amount: downAmount,
      }),
    ]),
  ]);
  const open = await readEvent(1);
  expect(open).toMatchObject({ upPool: upAmount, downPool: downAmount, upCount: 1, downCount: 1 });

  // Lock round 1 (round 2 goes live, round 3 is pre-created).
  await waitForChainTime(open.lockTime);
  const lockUpdate = await tick();
  const locked = await readEvent(1);
  expect(locked.lockPrice).toBe(BigInt(lockUpdate.price));
  expect(locked.isSettled).toBe(false);
  expect(decodeConfig(node.chain.getAccount(bytes(configAddress))!.data)).toMatchObject({
    lockedEvent: 1,
    liveEvent: 2,
  });

  // Settle round 1 with the price published at its settle time.
  await waitForChainTime(locked.settleTime);
  const settleUpdate = await tick();
  const settled = await readEvent(1);
  expect(settled.isSettled).toBe(true);
  expect(settled.finalPrice).toBe(BigInt(settleUpdate.price));
  expect([Prediction.Up, Prediction.Down, Prediction.Invalid]).toContain(settled.result);
  if (settled.finalPrice! > settled.lockPrice!) expect(settled.result).toBe(Prediction.Up);
  if (settled.finalPrice! < settled.lockPrice!) expect(settled.result).toBe(Prediction.Down);

  // The event signer cranks the claims, so the bettors' balances move by exactly what they are paid.
  const crank = booted.keys.eventSigner;
  if (settled.result === Prediction.Invalid) {
    for (const [user, amount] of [
      [upUser, upAmount],
      [downUser, downAmount],
    ] as const) {
      const before = await balance(user.address);
      await send(crank, [
        await getWithdrawBetInstructionAsync({ user: user.address, config: configAddress, event: round1 }),
      ]);
      expect((await balance(user.address)) - before).toBe(amount);
    }
  } else {
    const up = settled.result === Prediction.Up;
    const winner = up ? upUser : downUser;
    const amount = up ? upAmount : downAmount;
    const before = await balance(winner.address);
    await send(crank, [
      await getSettleBetInstructionAsync({ user: winner.address, config: configAddress, event: round1 }),
    ]);
    const expected = foresightPayout(amount, settled.upPool, settled.downPool, up ? 'up' : 'down');
    expect(expected).toBeGreaterThan(amount);
    expect((await balance(winner.address)) - before).toBe(expected);
    expect((await readEvent(1)).settledCount).toBe(1);
  }
}, 20_000);
