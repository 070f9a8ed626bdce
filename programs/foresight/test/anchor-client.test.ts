/**
 * An unmodified Anchor client against the real JSON-RPC path: `@coral-xyz/anchor` 0.32 (`Program` +
 * `AnchorProvider` over a `@solana/web3.js` `Connection`) sends `place_bet` with 0.001 SOL to a booted local
 * node (the Foresight program deployed through the upgradeable loader, its config and first rounds seeded),
 * and gets the program's error back as an `AnchorError`: the node's preflight returns the simulation's logs,
 * and Anchor's own parser reads the program's `AnchorError occurred` line from them (docs/trust.md, "Errors
 * clients can read").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import { AnchorError, AnchorProvider, BN, Program, Wallet, web3, type Idl } from '@coral-xyz/anchor';
import { getAddressEncoder, type Address } from '@solana/kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootLocalnet, type BootedLocalnet } from '@arcade/localnet/boot';
import { LocalChain } from '@arcade/localnet/local-chain';
import { startRpcServer, type RpcServer } from '@arcade/localnet/rpc-server';
import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { FORESIGHT_ERRORS } from '@arcade/sdk/foresight/errors';
import { findBetAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { PROGRAM_SO } from './harness.ts';

/** 0.001 SOL: a tenth of the minimum bet. */
const AMOUNT = '1000000';
const FUNDS = 1_000_000_000;
/** bn.js ships no types, so Anchor's `BN` export is typed through this. */
const Bn = BN as unknown as new (value: string) => object;
// `web3` is the @solana/web3.js Anchor itself uses, so its PublicKeys are the ones Anchor checks for.
const { Connection, Keypair, PublicKey, SystemProgram } = web3;
const bytes = (address: Address) => Uint8Array.from(getAddressEncoder().encode(address));

let dataDir: string;
let chain: LocalChain;
let server: RpcServer;
let booted: BootedLocalnet;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foresight-anchor-client-'));
  chain = new LocalChain();
  server = await startRpcServer({ chain, port: 0 });
  booted = await bootLocalnet({ chain, dataDir, programs: { foresight: PROGRAM_SO } });
  chain.start();
});

afterAll(async () => {
  booted.stop();
  chain.stop();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const key = (address: Address) => new PublicKey(address);

it("rejects place_bet of 0.001 SOL with an AnchorError an unmodified Anchor client decodes: 6014 'BetTooLow'", async () => {
  const configAddress = booted.seed!.foresightConfig;
  const config = decodeConfig(chain.getAccount(bytes(configAddress))!.data);
  const [event] = await findEventAddress(configAddress, config.liveEvent);

  const connection = new Connection(server.url, 'confirmed');
  const player = Keypair.generate();
  chain.requestAirdrop(player.publicKey.toBytes(), BigInt(FUNDS));
  const provider = new AnchorProvider(connection, new Wallet(player), { commitment: 'confirmed' });
  const program = new Program<Idl>(idl, provider);
  const [bet] = await findBetAddress(event, player.publicKey.toBase58() as Address);

  const error: unknown = await program.methods.placeBet!({ up: {} }, new Bn(AMOUNT))
    .accountsStrict({
      user: player.publicKey,
      config: key(configAddress),
      event: key(event),
      bet: key(bet),
      systemProgram: SystemProgram.programId,
    })
    .rpc()
    .then(
      () => null,
      (e: unknown) => e,
    );

  expect(error).toBeInstanceOf(AnchorError);
  const anchorError = error as AnchorError;
  expect(anchorError.error.errorCode).toEqual({ code: 'BetTooLow', number: 6014 });
  expect(anchorError.error.errorMessage).toBe(FORESIGHT_ERRORS[6014]!.msg);
  expect(anchorError.program.toBase58()).toBe(idl.address);
  // Nothing happened: no bet record, and the player paid nothing (preflight refused the transaction).
  expect(await connection.getAccountInfo(key(bet))).toBeNull();
  expect(await connection.getBalance(player.publicKey)).toBe(FUNDS);
});
