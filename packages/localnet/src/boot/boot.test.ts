/**
 * Boot: keys under a data directory, both programs deployed through the upgradeable loader as on mainnet,
 * the House, the Foresight config and its first rounds, and a Pyth price published every slot.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  createSolanaRpcSubscriptions,
  getAddressDecoder,
  getAddressEncoder,
  type Address,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADER_UPGRADEABLE_ADDRESS, findProgramDataAddress } from '@arcade/sdk/anchor/program-data';
import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { decodeConfig, decodeEvent } from '@arcade/sdk/foresight/accounts';
import { getPlaceBetInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findEventAddress } from '@arcade/sdk/foresight/pda';
import { PYTH_RECEIVER_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import { decodeHouse } from '@arcade/sdk/wager/accounts';

import { startPubsubServer, type PubsubServer } from '../pubsub/pubsub-server.ts';
import {
  fundedSigner,
  sendAndConfirm,
  signedTransaction,
  startTestNode,
  type TestNode,
} from '../testing/local-node.ts';
import { bootLocalnet, SOL_USD_PRICE_ACCOUNT, type BootedLocalnet } from './boot.ts';
import { PROGRAM_PATHS } from './deploy.ts';
import { DEFAULT_HOUSE_BANKROLL_LAMPORTS } from './seed.ts';
import { KEY_FILES } from './keys.ts';

const bytes = (address: Address): Uint8Array => Uint8Array.from(getAddressEncoder().encode(address));
const decodeAddress = (data: Uint8Array): Address => getAddressDecoder().decode(data);

let dataDir: string;
let node: TestNode;
let pubsub: PubsubServer;
let booted: BootedLocalnet;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'localnet-boot-'));
  node = await startTestNode();
  pubsub = await startPubsubServer({ chain: node.chain, port: 0 });
  booted = await bootLocalnet({ chain: node.chain, dataDir, foresightTimelock: 120 });
});

afterAll(async () => {
  booted.stop();
  await pubsub.close();
  await node.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('keys', () => {
  it('are solana-keygen files with mode 0600, read back on the next boot', () => {
    for (const [role, file] of Object.entries(KEY_FILES)) {
      const path = join(dataDir, 'keys', file);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const secret = JSON.parse(readFileSync(path, 'utf8')) as number[];
      expect(secret).toHaveLength(64);
      expect(decodeAddress(Uint8Array.from(secret.slice(32)))).toBe(
        booted.addresses[role as keyof typeof KEY_FILES],
      );
    }
  });

  it('a second boot on the same data dir reuses them and sends nothing', async () => {
    const before = node.chain.transactionCount;
    const again = await bootLocalnet({ chain: node.chain, dataDir });
    again.stop();
    expect(again.addresses).toEqual(booted.addresses);
    expect(again.programs.wager.action).toBe('unchanged');
    expect(again.programs.foresight.action).toBe('unchanged');
    expect(again.seed).toMatchObject({ houseCreated: false, configCreated: false, roundsCreated: [] });
    expect(node.chain.transactionCount).toBe(before);
  });
});

describe('programs', () => {
  it('were deployed on the first boot', () => {
    expect(booted.programs.wager.action).toBe('deployed');
    expect(booted.programs.foresight.action).toBe('deployed');
  });

  for (const name of ['wager', 'foresight'] as const) {
    it(`${name}: Program and ProgramData accounts as the loader writes them, our upgrade authority`, async () => {
      const programId = booted.programs[name].address;
      const program = node.chain.getAccount(bytes(programId))!;
      const [programData] = await findProgramDataAddress(programId);
      expect(decodeAddress(program.owner)).toBe(LOADER_UPGRADEABLE_ADDRESS);
      expect(program.executable).toBe(true);
      expect(program.data).toHaveLength(36);
      const programView = new DataView(program.data.buffer, program.data.byteOffset);
      expect(programView.getUint32(0, true)).toBe(2); // Program
      expect(decodeAddress(program.data.subarray(4, 36))).toBe(programData);

      const data = node.chain.getAccount(bytes(programData))!;
      const elf = new Uint8Array(readFileSync(PROGRAM_PATHS[name]));
      expect(decodeAddress(data.owner)).toBe(LOADER_UPGRADEABLE_ADDRESS);
      expect(data.executable).toBe(false);
      const dataView = new DataView(data.data.buffer, data.data.byteOffset);
      expect(dataView.getUint32(0, true)).toBe(3); // ProgramData
      expect(dataView.getBigUint64(4, true)).toBeLessThan(node.chain.slot);
      expect(data.data[12]).toBe(1); // Some(authority)
      expect(decodeAddress(data.data.subarray(13, 45))).toBe(booted.addresses.upgradeAuthority);
      expect(data.data.subarray(45)).toEqual(elf);
    });
  }
});

describe('seed', () => {
  it('the House has our authority, settler and treasury, and its bankroll', () => {
    const account = node.chain.getAccount(bytes(booted.seed!.house))!;
    const house = decodeHouse(account.data);
    expect(house).toMatchObject({
      authority: booted.addresses.upgradeAuthority,
      settler: booted.addresses.settler,
      treasury: booted.addresses.treasury,
      outstanding: 0n,
      paused: false,
    });
    expect(account.lamports).toBeGreaterThanOrEqual(DEFAULT_HOUSE_BANKROLL_LAMPORTS);
  });

  it('the Foresight config of SOL/USD has live round 1 and pre-created round 2', async () => {
    const configAddress = booted.seed!.foresightConfig;
    const config = decodeConfig(node.chain.getAccount(bytes(configAddress))!.data);
    expect(config).toMatchObject({
      liveEvent: 1,
      lockedEvent: 0,
      timelock: 120,
      authority: booted.addresses.upgradeAuthority,
      eventSigner: booted.addresses.eventSigner,
      treasury: booted.addresses.treasury,
    });
    const [first] = await findEventAddress(configAddress, 1);
    const [second] = await findEventAddress(configAddress, 2);
    const round1 = decodeEvent(node.chain.getAccount(bytes(first))!.data);
    expect(round1.id).toBe(1);
    expect(round1.lockTime - round1.startTime).toBe(120n);
    expect(decodeEvent(node.chain.getAccount(bytes(second))!.data).id).toBe(2);
  });

  it('a bet on round 1 through JSON-RPC lands', async () => {
    const user = await fundedSigner(node, 2n);
    const configAddress = booted.seed!.foresightConfig;
    const [event] = await findEventAddress(configAddress, 1);
    const instruction = await getPlaceBetInstructionAsync({
      user,
      config: configAddress,
      event,
      prediction: 'up',
      amount: MIN_BET_LAMPORTS,
    });
    await sendAndConfirm(node, await signedTransaction(node, user, [instruction]), { skipPreflight: false });
    const round = decodeEvent(node.chain.getAccount(bytes(event))!.data);
    expect(round.upCount).toBe(1);
    expect(round.upPool).toBe(MIN_BET_LAMPORTS);
  });
});

describe('Pyth price', () => {
  it('is a verified PriceUpdateV2 rewritten at every slot, notified to accountSubscribe', async () => {
    const read = () => {
      const account = node.chain.getAccount(bytes(SOL_USD_PRICE_ACCOUNT))!;
      expect(decodeAddress(account.owner)).toBe(PYTH_RECEIVER_PROGRAM_ADDRESS);
      return decodePriceUpdateV2(account.data);
    };
    expect(read().postedSlot).toBe(node.chain.slot);

    const abort = new AbortController();
    const subscriptions = createSolanaRpcSubscriptions(pubsub.url);
    const notifications = await subscriptions
      .accountNotifications(SOL_USD_PRICE_ACCOUNT, { encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal });
    const iterator = notifications[Symbol.asyncIterator]();
    node.chain.advanceSlot();
    expect(read().postedSlot).toBe(node.chain.slot);
    const next = await iterator.next();
    abort.abort();
    if (next.done) throw new Error('the subscription ended');
    const { value } = next;
    expect(value.context.slot).toBe(node.chain.slot);
    const data = Buffer.from(value.value.data[0], 'base64');
    expect(decodePriceUpdateV2(data).postedSlot).toBe(node.chain.slot);
  });
});
