/**
 * Persistence: a chain saved under a data directory and restored into a new chain and server loses no
 * balance, transaction or blockhash; a booted chain is found booted; bad files give a clear error.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  generateKeyPairSigner,
  getAddressEncoder,
  lamports,
  type Address,
  type Signature,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { decodeConfig, decodeEvent } from '@arcade/sdk/foresight/accounts';
import { getPlaceBetInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findEventAddress } from '@arcade/sdk/foresight/pda';
import { decodeHouse } from '@arcade/sdk/wager/accounts';

import { bootLocalnet } from '../boot/boot.ts';
import {
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';
import {
  CHAIN_STATE_VERSION,
  ChainSaver,
  ChainStateError,
  chainStatePath,
  decodeChainState,
  encodeChainState,
  readChainState,
  restoreLocalChain,
  writeChainState,
  writeChainStateSync,
} from './chain-state.ts';
import { LocalChain } from './local-chain.ts';

const SOL = 1_000_000_000n;
const bytes = (address: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(address));

let dataDir: string;
let path: string;
const nodes: TestNode[] = [];

async function node(options: Parameters<typeof startTestNode>[0] = {}): Promise<TestNode> {
  const started = await startTestNode(options);
  nodes.push(started);
  return started;
}

/** Saves `from` as the CLI does on shutdown, closes it, and starts a node on the saved state. */
async function restart(from: TestNode): Promise<TestNode> {
  await new ChainSaver({ chain: from.chain, path }).close();
  await from.close();
  nodes.splice(nodes.indexOf(from), 1);
  const state = readChainState(path);
  expect(state).not.toBeNull();
  return node({ state: state! });
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'localnet-state-'));
  path = chainStatePath(dataDir);
});

afterEach(async () => {
  await Promise.all(nodes.splice(0).map((started) => started.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a restart', () => {
  it('keeps every balance, transaction, signature list, blockhash and the slot', async () => {
    const first = await node();
    const alice = await fundedSigner(first, 10n);
    const bob = await generateKeyPairSigner();
    const signatures: Signature[] = [];
    for (let i = 1n; i <= 3n; i++) {
      const transfer = getTransferSolInstruction({
        source: alice,
        destination: bob.address,
        amount: i * SOL,
      });
      signatures.push(
        await sendAndConfirm(first, await signedTransaction(first, alice, [transfer]), {
          skipPreflight: i !== 2n,
        }),
      );
      first.chain.advanceSlot();
    }
    // A blockhash issued before the restart, used after it.
    const { value: oldBlockhash } = await first.rpc.getLatestBlockhash().send();
    const late = await signedTransaction(first, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: SOL }),
    ]);
    first.chain.advanceSlot();

    const read = async (target: TestNode) => ({
      balances: await Promise.all(
        [alice.address, bob.address].map(async (a) => (await target.rpc.getBalance(a).send()).value),
      ),
      bobAccount: (await target.rpc.getAccountInfo(bob.address, { encoding: 'base64' }).send()).value,
      transactions: await Promise.all(
        signatures.map((signature) =>
          target.rpc
            .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
            .send(),
        ),
      ),
      statuses: (await target.rpc.getSignatureStatuses(signatures, { searchTransactionHistory: true }).send())
        .value,
      aliceSignatures: await target.rpc.getSignaturesForAddress(alice.address).send(),
      bobSignatures: await target.rpc.getSignaturesForAddress(bob.address, { limit: 2 }).send(),
      genesis: await target.rpc.getGenesisHash().send(),
      transactionCount: await target.rpc.getTransactionCount().send(),
    });
    const before = await read(first);
    const slotBefore = await first.rpc.getSlot().send();
    expect(before.aliceSignatures).toHaveLength(4); // the airdrop and three transfers
    expect(before.transactions.every((transaction) => transaction?.meta?.err === null)).toBe(true);

    const second = await restart(first);
    const after = await read(second);
    expect(after).toEqual(before);
    expect(await second.rpc.getSlot().send()).toBeGreaterThan(slotBefore);
    const { value: newBlockhash } = await second.rpc.getLatestBlockhash().send();
    expect(newBlockhash.blockhash).not.toBe(oldBlockhash.blockhash);

    // The old blockhash keeps its validity rule (150 slots from its own slot) and can still be used.
    expect((await second.rpc.isBlockhashValid(oldBlockhash.blockhash).send()).value).toBe(true);
    await sendAndConfirm(second, late);
    expect((await second.rpc.getBalance(bob.address).send()).value).toBe(7n * SOL);
    for (let i = 0; i < 150; i++) second.chain.advanceSlot();
    expect((await second.rpc.isBlockhashValid(oldBlockhash.blockhash).send()).value).toBe(false);

    // The faucet (same keypair) still pays.
    const carol = await generateKeyPairSigner();
    await second.rpc.requestAirdrop(carol.address, lamports(SOL)).send();
    expect((await second.rpc.getBalance(carol.address).send()).value).toBe(SOL);
  });

  it('a chain restored twice keeps going (slot never goes backwards)', async () => {
    const first = await node();
    await fundedSigner(first, 1n);
    for (let i = 0; i < 5; i++) first.chain.advanceSlot();
    const second = await restart(first);
    const slot = second.chain.slot;
    const third = await restart(second);
    expect(third.chain.slot).toBeGreaterThan(slot);
    expect(third.chain.transactionCount).toBe(1n);
  });
});

describe('a restart after boot', () => {
  it('keeps the House, the Foresight config and a bet; boot then sends nothing', async () => {
    const first = await node();
    const booted = await bootLocalnet({ chain: first.chain, dataDir, foresightTimelock: 120 });
    const configAddress = booted.seed!.foresightConfig;
    const [event] = await findEventAddress(configAddress, 1);
    const user = await fundedSigner(first, 2n);
    const bet = await getPlaceBetInstructionAsync({
      user,
      config: configAddress,
      event,
      prediction: 'up',
      amount: MIN_BET_LAMPORTS,
    });
    await sendAndConfirm(first, await signedTransaction(first, user, [bet]), { skipPreflight: false });
    booted.stop();
    const accounts = (chain: LocalChain) =>
      [booted.seed!.house, configAddress, event].map((a) => chain.getAccount(bytes(a)));
    const before = accounts(first.chain);

    const second = await restart(first);
    expect(accounts(second.chain)).toEqual(before);
    const count = second.chain.transactionCount;
    const again = await bootLocalnet({ chain: second.chain, dataDir, foresightTimelock: 120 });
    again.stop();
    expect(again.programs.wager.action).toBe('unchanged');
    expect(again.programs.foresight.action).toBe('unchanged');
    expect(again.seed).toMatchObject({ houseCreated: false, configCreated: false, roundsCreated: [] });
    expect(second.chain.transactionCount).toBe(count);
    expect(decodeHouse(second.chain.getAccount(bytes(booted.seed!.house))!.data).settler).toBe(
      booted.addresses.settler,
    );
    expect(decodeConfig(second.chain.getAccount(bytes(configAddress))!.data).liveEvent).toBe(1);

    // The restored programs run: a second bet lands.
    const other = await fundedSigner(second, 2n);
    const secondBet = await getPlaceBetInstructionAsync({
      user: other,
      config: configAddress,
      event,
      prediction: 'down',
      amount: MIN_BET_LAMPORTS,
    });
    await sendAndConfirm(second, await signedTransaction(second, other, [secondBet]), {
      skipPreflight: false,
    });
    const round = decodeEvent(second.chain.getAccount(bytes(event))!.data);
    expect(round).toMatchObject({ upCount: 1, downCount: 1 });
  });
});

describe('a state file that cannot be restored', () => {
  it('is absent: a fresh chain', () => {
    expect(readChainState(path)).toBeNull();
    const { restored } = restoreLocalChain(path, (state) => new LocalChain({ state }));
    expect(restored).toBe(false);
  });

  it('written in pieces reads back whole, characters outside the BMP included, sync or not', async () => {
    // Pairs at every offset around the pieces' boundaries.
    const state = { ...new LocalChain().exportState(), genesisHash: `x${'🎲'.repeat(40_000)}` };
    writeChainStateSync(path, state);
    expect(readChainState(path)!.genesisHash).toBe(state.genesisHash);
    expect(Buffer.compare(readFileSync(path), encodeChainState(state))).toBe(0);
    await writeChainState(path, { ...state, genesisHash: `${state.genesisHash}y` });
    expect(readChainState(path)!.genesisHash).toBe(`${state.genesisHash}y`);
  });

  it('of an unknown version gives a clear error naming the file', () => {
    writeChainStateSync(path, new LocalChain().exportState());
    const file = readFileSync(path);
    file.writeUInt32LE(CHAIN_STATE_VERSION + 98, 8);
    writeFileSync(path, file);
    expect(() => readChainState(path)).toThrow(ChainStateError);
    expect(() => readChainState(path)).toThrow(
      `Cannot restore the local chain from ${path}: unknown format version ${CHAIN_STATE_VERSION + 98}`,
    );
  });

  it('that is not a state file, truncated or damaged gives a clear error naming the file', () => {
    writeFileSync(path, 'hello');
    expect(() => readChainState(path)).toThrow(`${path}: not a local chain state file`);

    writeChainStateSync(path, new LocalChain().exportState());
    const good = readFileSync(path);
    writeFileSync(path, good.subarray(0, 40));
    expect(() => readChainState(path)).toThrow(`${path}: the file is truncated`);

    const damagedJson = Buffer.from(good);
    damagedJson.fill(0xff, 20, 40);
    writeFileSync(path, damagedJson);
    expect(() => readChainState(path)).toThrow(`${path}: the chain's data is damaged`);

    // The LiteSVM snapshot (after the JSON) cut short.
    writeFileSync(path, good.subarray(0, good.length - 1000));
    expect(() => restoreLocalChain(path, (state) => new LocalChain({ state }))).toThrow(
      `${path}: the state cannot be loaded`,
    );
  });
});

describe('periodic saves', () => {
  it('replace the file atomically: it is always a complete state, and the slot only grows', async () => {
    const started = await node();
    const saver = new ChainSaver({ chain: started.chain, path, intervalMs: 5 });
    saver.start();
    const payer = await fundedSigner(started, 100n);
    const deadline = Date.now() + 1500;
    let reads = 0;
    let lastSlot = -1n;
    while (Date.now() < deadline) {
      started.chain.advanceSlot();
      const recipient = await generateKeyPairSigner();
      await sendAndConfirm(
        started,
        await signedTransaction(started, payer, [
          getTransferSolInstruction({ source: payer, destination: recipient.address, amount: SOL / 100n }),
        ]),
        { skipPreflight: false },
      );
      if (!existsSync(path)) continue;
      const state = decodeChainState(readFileSync(path), path);
      expect(state.slot).toBeGreaterThanOrEqual(lastSlot);
      expect(state.index.records).toHaveLength(Number(state.transactionCount));
      lastSlot = state.slot;
      reads++;
    }
    await saver.close();
    expect(reads).toBeGreaterThan(10);
    const final = readChainState(path)!;
    expect(final.slot).toBe(started.chain.slot);
    expect(final.transactionCount).toBe(started.chain.transactionCount);
    expect(readdirSync(dataDir)).toEqual(['chain-state.bin']);
  });
});
