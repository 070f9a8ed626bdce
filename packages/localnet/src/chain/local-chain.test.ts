/**
 * The chain without the RPC: fees equal to what LiteSVM charges (property), durable nonces outliving
 * blockhashes, the SlotHashes and Clock sysvars slot by slot, and transactions dropped as a validator
 * drops them.
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransactionMessageWithSigners,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Nonce,
} from '@solana/kit';
import {
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  getTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { decodeBase58, encodeBase58 } from '../wire/base58.ts';
import { feeForMessage } from '../wire/compute-budget.ts';
import { parseTransaction } from '../wire/wire-transaction.ts';
import { LocalChain, type SendOutcome } from './local-chain.ts';

const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111');
const SOL = 1_000_000_000n;
const SLOT_HASHES = address('SysvarS1otHashes111111111111111111111111111');
/** The SBF test program (packages/sbf/fixture) and its instruction returning a slot's hash from SlotHashes. */
const FIXTURE_PATH = new URL('../../../sbf/fixture/dist/fixture.so', import.meta.url);
const FIXTURE_SLOT_HASH = 23;

/**
 * The SlotHashes sysvar account's entries as a program reads them (LiteSVM's `getAccount`): u64 count,
 * then (u64 slot, 32-byte hash) entries, newest first.
 */
function slotHashesAccount(chain: LocalChain): { slot: bigint; hash: string }[] {
  const account = chain.svm.getAccount(SLOT_HASHES);
  if (!account.exists) throw new Error('no SlotHashes account');
  const view = new DataView(account.data.buffer, account.data.byteOffset, account.data.byteLength);
  const count = Number(view.getBigUint64(0, true));
  return Array.from({ length: count }, (_, i) => ({
    slot: view.getBigUint64(8 + 40 * i, true),
    hash: encodeBase58(account.data.subarray(16 + 40 * i, 48 + 40 * i)),
  }));
}

function computeBudget(kind: 2 | 3, value: bigint): Instruction {
  const data = new Uint8Array(kind === 2 ? 5 : 9);
  data[0] = kind;
  const view = new DataView(data.buffer);
  if (kind === 2) view.setUint32(1, Number(value), true);
  else view.setBigUint64(1, value, true);
  return { programAddress: COMPUTE_BUDGET, data };
}

async function funded(chain: LocalChain): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  chain.requestAirdrop(decodeBase58(signer.address)!, 100n * SOL);
  return signer;
}

async function wire(
  chain: LocalChain,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<Uint8Array> {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return new Uint8Array(getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)));
}

function send(chain: LocalChain, bytes: Uint8Array): SendOutcome {
  return chain.send(chain.load(parseTransaction(bytes)), { verifySignatures: true });
}

describe('fees', () => {
  it('computes the fee LiteSVM charges, for any unit price and limit', async () => {
    const chain = new LocalChain();
    const payer = await funded(chain);
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 5_000_000n }),
        fc.option(fc.integer({ min: 1, max: 1_400_000 }), { nil: undefined }),
        fc.integer({ min: 1, max: 3 }),
        async (price, limit, transfers) => {
          const instructions: Instruction[] = [computeBudget(3, price)];
          if (limit !== undefined) instructions.push(computeBudget(2, BigInt(limit)));
          for (let i = 0; i < transfers; i++) {
            const destination = (await generateKeyPairSigner()).address;
            instructions.push(getTransferSolInstruction({ source: payer, destination, amount: SOL / 100n }));
          }
          const bytes = await wire(chain, payer, instructions);
          const outcome = send(chain, bytes);
          expect(outcome.landed).toBe(true);
          if (outcome.landed) expect(outcome.record.fee).toBe(feeForMessage(parseTransaction(bytes).message));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('transactions that cannot land', () => {
  it('drops a transaction whose payer cannot pay its fee, recording nothing', async () => {
    const chain = new LocalChain();
    const broke = await generateKeyPairSigner();
    const bytes = await wire(chain, broke, [
      getTransferSolInstruction({
        source: broke,
        destination: (await generateKeyPairSigner()).address,
        amount: 1n,
      }),
    ]);
    expect(send(chain, bytes)).toEqual({ landed: false, err: 'AccountNotFound' });
    expect(chain.index.size).toBe(0);
    expect(chain.transactionCount).toBe(0n);
  });

  it('drops a replay for as long as the history lasts', async () => {
    const chain = new LocalChain();
    const payer = await funded(chain);
    const bytes = await wire(chain, payer, [
      getTransferSolInstruction({
        source: payer,
        destination: (await generateKeyPairSigner()).address,
        amount: SOL,
      }),
    ]);
    expect(send(chain, bytes).landed).toBe(true);
    chain.advanceSlot();
    expect(send(chain, bytes)).toEqual({ landed: false, err: 'AlreadyProcessed' });
  });
});

describe('a bounded ledger (--limit-ledger-size)', () => {
  /** `count` transfers from `payer`, one slot each; their signatures, oldest first. */
  async function transfers(chain: LocalChain, payer: KeyPairSigner, count: number): Promise<string[]> {
    const signatures: string[] = [];
    for (let i = 0; i < count; i++) {
      const bytes = await wire(chain, payer, [
        getTransferSolInstruction({
          source: payer,
          destination: (await generateKeyPairSigner()).address,
          amount: 1_000_000n,
        }),
      ]);
      const outcome = send(chain, bytes);
      if (!outcome.landed) throw new Error(`transfer ${i} did not land`);
      signatures.push(outcome.record.signature);
      chain.advanceSlot();
    }
    return signatures;
  }

  it('keeps at most the limit once the slots are older than the blockhash window, oldest whole slots first', async () => {
    const chain = new LocalChain({ ledgerLimit: 5 });
    const payer = await funded(chain); // the airdrop: slot 0
    chain.advanceSlot();
    const sent = await transfers(chain, payer, 8);
    // All within the last 300 slots: nothing may go yet (a kept-out transaction could land twice).
    expect(chain.index.size).toBe(9);
    expect(chain.index.firstAvailableSlot).toBe(0n);
    for (let i = 0; i < 300; i++) chain.advanceSlot();
    expect(chain.index.size).toBe(5);
    expect(chain.index.firstAvailableSlot).toBe(4n); // the airdrop (slot 0) and the transfers of slots 1–3 went
    expect(sent.slice(0, 3).map((signature) => chain.index.get(signature))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(sent.slice(3).every((signature) => chain.index.has(signature))).toBe(true);
    // The payer's history lists only what is kept, newest first; a pruned `before` lists nothing and a
    // pruned `until` does not stop the walk (as the validator answers).
    const listed = (query: { before?: string; until?: string }) =>
      chain.index
        .signaturesForAddress(payer.address, { limit: 100, ...query })
        .map((record) => record.signature);
    expect(listed({})).toEqual(sent.slice(3).reverse());
    expect(listed({ before: sent[2]! })).toEqual([]);
    expect(listed({ until: sent[2]! })).toEqual(sent.slice(3).reverse());
    expect(listed({ before: sent[6]! })).toEqual([sent[5], sent[4], sent[3]]);
  });

  it('still refuses a replay whose blockhash is valid, however small the limit', async () => {
    const chain = new LocalChain({ ledgerLimit: 0 });
    const payer = await funded(chain);
    const bytes = await wire(chain, payer, [
      getTransferSolInstruction({
        source: payer,
        destination: (await generateKeyPairSigner()).address,
        amount: SOL,
      }),
    ]);
    expect(send(chain, bytes).landed).toBe(true);
    for (let i = 0; i < 150; i++) chain.advanceSlot();
    expect(send(chain, bytes)).toEqual({ landed: false, err: 'AlreadyProcessed' });
    chain.advanceSlot();
    expect(send(chain, bytes)).toEqual({ landed: false, err: 'BlockhashNotFound' });
  });

  it('saves and restores the kept history, its bound and the sequence, and the state stops growing', async () => {
    const chain = new LocalChain({ ledgerLimit: 3 });
    const payer = await funded(chain);
    chain.advanceSlot();
    await transfers(chain, payer, 4);
    for (let i = 0; i < 300; i++) chain.advanceSlot();
    const state = chain.exportState();
    expect(state.index.records.map((record) => record.sequence)).toEqual([2, 3, 4]);
    const restored = new LocalChain({ state, ledgerLimit: 3 });
    expect(restored.index.firstAvailableSlot).toBe(chain.index.firstAvailableSlot);
    expect(restored.index.nextSequence).toBe(5);
    expect(restored.index.signaturesForAddress(payer.address, { limit: 10 })).toEqual(
      chain.index.signaturesForAddress(payer.address, { limit: 10 }),
    );
    // More traffic on the restored chain: the kept history (and so the saved state) stays at the bound.
    const more = await transfers(restored, payer, 6);
    for (let i = 0; i < 300; i++) restored.advanceSlot();
    expect(restored.index.export().records.map((record) => record.signature)).toEqual(more.slice(3));
    expect(restored.index.export().byAddress.find(([address]) => address === payer.address)?.[1]).toEqual([
      8, 9, 10,
    ]);
  });
});

describe('durable nonces', () => {
  it('lands a nonce transaction long after its blockhash would have expired, once', async () => {
    const chain = new LocalChain();
    const payer = await funded(chain);
    const nonceAccount = await generateKeyPairSigner();
    const space = BigInt(getNonceSize());
    const created = send(
      chain,
      await wire(chain, payer, [
        getCreateAccountInstruction({
          payer,
          newAccount: nonceAccount,
          lamports: chain.minimumBalanceForRentExemption(space),
          space,
          programAddress: SYSTEM_PROGRAM_ADDRESS,
        }),
        getInitializeNonceAccountInstruction({
          nonceAccount: nonceAccount.address,
          nonceAuthority: payer.address,
        }),
      ]),
    );
    expect(created.landed).toBe(true);
    const stored = chain.getAccount(decodeBase58(nonceAccount.address)!)!.data.subarray(40, 72);
    const nonce = getBase58Decoder().decode(stored) as Nonce;

    for (let i = 0; i < 200; i++) chain.advanceSlot();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingDurableNonce(
          { nonce, nonceAccountAddress: nonceAccount.address, nonceAuthorityAddress: payer.address },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: payer, destination: nonceAccount.address, amount: 1n })],
          m,
        ),
    );
    const bytes = new Uint8Array(
      getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)),
    );
    const outcome = send(chain, bytes);
    expect(outcome.landed && outcome.record.err).toBeNull();
    // The nonce advanced, so the same bytes are stale now.
    const advanced = chain.getAccount(decodeBase58(nonceAccount.address)!)!.data.subarray(40, 72);
    expect(Buffer.from(advanced).equals(Buffer.from(stored))).toBe(false);
    expect(send(chain, bytes)).toMatchObject({ landed: false });
  });
});

describe('sysvars per slot', () => {
  it('lists only the slots that ended in SlotHashes, newest first, at most 512', () => {
    const chain = new LocalChain();
    // Nothing has ended yet: a validator's bank never knows its own slot's hash.
    expect(chain.slotHashes()).toEqual([]);
    expect(slotHashesAccount(chain)).toEqual([]);
    chain.advanceSlot();
    expect(chain.slotHashes().map((entry) => entry.slot)).toEqual([0n]);
    for (let i = 0; i < 600; i++) chain.advanceSlot();
    expect(chain.slot).toBe(601n);
    const hashes = chain.slotHashes();
    expect(hashes).toHaveLength(512);
    expect(hashes.map((entry) => entry.slot)).toEqual(
      Array.from({ length: 512 }, (_, i) => 600n - BigInt(i)),
    );
    expect(chain.lastEndedSlot).toBe(600n);
    // A slot's hash is not its blockhash (LiteSVM's blockhashes are a predictable sha256 chain).
    const blockhashes = new Set(chain.exportState().blockhashes.map((entry) => entry.hash));
    expect(hashes.some((entry) => blockhashes.has(entry.hash))).toBe(false);
    // LiteSVM's sysvar (its cache) and the sysvar account programs read hold exactly these entries.
    expect(chain.svm.getSlotHashes().map(({ slot, hash }) => ({ slot, hash }))).toEqual(hashes);
    expect(slotHashesAccount(chain)).toEqual(hashes);
  });

  it('fixes a slot’s hash when the slot ends, and nobody could have computed it before', async () => {
    // Two chains that are the same in everything (genesis, faucet, clock, LiteSVM's blockhash chain).
    const same = {
      genesisHash: '11111111111111111111111111111111',
      faucetSeed: new Uint8Array(32),
      now: () => 0,
    };
    const chains = [new LocalChain(same), new LocalChain(same)];
    for (const chain of chains) chain.advanceSlot();
    expect(chains[0]!.latestBlockhash()).toEqual(chains[1]!.latestBlockhash());
    const [first, second] = chains.map((chain) => chain.slotHashes()[0]!);
    expect(first!.slot).toBe(0n);
    expect(first!.hash).not.toBe(second!.hash);
    // Once made, a hash stays; a transaction in the next slot does not touch it.
    const chain = chains[0]!;
    await funded(chain);
    expect(chain.slotHashes()).toEqual([first]);
    chain.advanceSlot();
    expect(chain.slotHashes().slice(1)).toEqual([first]);
  });

  it('serves a program reading SlotHashes from a transaction exactly the chain’s entries', async () => {
    const chain = new LocalChain();
    const fixture = (await generateKeyPairSigner()).address;
    chain.svm.addProgram(fixture, readFileSync(FIXTURE_PATH));
    const payer = await funded(chain);
    for (let i = 0; i < 5; i++) chain.advanceSlot();
    const hashOf = async (slot: bigint): Promise<Uint8Array> => {
      const data = new Uint8Array(9);
      data[0] = FIXTURE_SLOT_HASH;
      new DataView(data.buffer).setBigUint64(1, slot, true);
      const outcome = send(
        chain,
        await wire(chain, payer, [
          {
            programAddress: fixture,
            accounts: [{ address: SLOT_HASHES, role: AccountRole.READONLY }],
            data,
          },
        ]),
      );
      if (!outcome.landed || outcome.record.err !== null) throw new Error(JSON.stringify(outcome));
      return outcome.record.returnData?.data ?? new Uint8Array(0);
    };
    for (const { slot, hash } of chain.slotHashes()) {
      expect(await hashOf(slot)).toEqual(decodeBase58(hash));
    }
    // The current slot (the transaction's own) is not listed, nor is a slot to come.
    expect(await hashOf(chain.slot)).toEqual(new Uint8Array(0));
    expect(await hashOf(chain.slot + 1n)).toEqual(new Uint8Array(0));
  });

  it('ends the saved open slot on restore with the transactions that landed in it', async () => {
    const chain = new LocalChain();
    chain.advanceSlot();
    await funded(chain); // an airdrop in slot 1, still open when the state is taken
    const state = chain.exportState();
    expect(state.slot).toBe(1n);
    expect(state.slotHashes.map((entry) => entry.slot)).toEqual([0n]);
    const restored = new LocalChain({ state });
    expect(restored.slot).toBe(2n);
    expect(restored.slotHashes().map((entry) => entry.slot)).toEqual([1n, 0n]);
    expect(restored.slotHashes()[1]).toEqual(state.slotHashes[0]);
    expect(slotHashesAccount(restored)).toEqual(restored.slotHashes());
    // Saved again and restored: the ended slots keep their hashes.
    const again = new LocalChain({ state: restored.exportState() });
    expect(again.slotHashes().slice(1)).toEqual(restored.slotHashes());
  });

  it('restores a state that listed its open slot (the old format) without ending that slot again', () => {
    const chain = new LocalChain();
    chain.advanceSlot();
    const state = chain.exportState();
    const old = {
      ...state,
      slotHashes: [{ slot: 1n, hash: state.blockhashes.at(-1)!.hash }, ...state.slotHashes],
    };
    const restored = new LocalChain({ state: old });
    expect(restored.slot).toBe(2n);
    expect(restored.slotHashes()).toEqual(old.slotHashes);
  });

  it('moves the Clock to each slot, its epoch, and the wall time', () => {
    let now = 1_900_000_000_000;
    const chain = new LocalChain({ now: () => now });
    for (let slot = 1; slot <= 100; slot++) {
      now += 400;
      chain.advanceSlot();
    }
    const clock = chain.svm.getClock();
    expect(clock.slot).toBe(100n);
    expect(clock.unixTimestamp).toBe(BigInt(Math.floor(now / 1000)));
    // With warmup, epoch 2 spans slots 96 to 223 and began at slot 96's time.
    expect(clock.epoch).toBe(2n);
    expect(clock.leaderScheduleEpoch).toBe(3n);
    expect(clock.epochStartTimestamp).toBe(BigInt(Math.floor((1_900_000_000_000 + 96 * 400) / 1000)));
    expect(chain.epochPosition()).toEqual({ epoch: 2n, slotIndex: 4n, slotsInEpoch: 128n });
  });
});
