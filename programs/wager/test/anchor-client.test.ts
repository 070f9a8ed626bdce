/**
 * docs/trust.md, "Errors clients can read": an unmodified `@coral-xyz/anchor` 0.32 client (a `Program` from
 * our idl.json, an `AnchorProvider` on `@solana/web3.js`' `Connection`) talks to the program on a real
 * JSON-RPC node (the local chain: `LocalChain`, its RPC and PubSub servers, booted with the programs
 * deployed through the upgradeable loader and the House seeded) and gets `AnchorError`s from `.rpc()`: the
 * program's own codes, decoded from the IDL, and Anchor's framework codes. The node's preflight simulation
 * returns the failed transaction's logs, from which Anchor's `translateError` reads the "AnchorError
 * occurred" line the program logs on its error path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { AnchorError, AnchorProvider, BN, Program, Wallet, web3 } from '@coral-xyz/anchor';
import { getAddressEncoder, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootLocalnet, type BootedLocalnet } from '@arcade/localnet/boot';
import { LocalChain } from '@arcade/localnet/local-chain';
import { startPubsubServer, type PubsubServer } from '@arcade/localnet/pubsub-server';
import { startRpcServer, type RpcServer } from '@arcade/localnet/rpc-server';
import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { NATIVE_MINT_ADDRESS, WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';

const SOL = 1_000_000_000n;
/** A u64 argument as Anchor takes it: a bn.js `BN` (bn.js ships no types, hence the cast). */
const u64 = (value: bigint): unknown =>
  new (BN as unknown as new (text: string) => unknown)(value.toString());
const NATIVE_MINT = new web3.PublicKey(NATIVE_MINT_ADDRESS);

let dataDir: string;
let chain: LocalChain;
let rpc: RpcServer;
let pubsub: PubsubServer;
let booted: BootedLocalnet;
let player: web3.Keypair;
let program: Program;

const bytes = (address: Address | web3.PublicKey): Uint8Array =>
  Uint8Array.from(getAddressEncoder().encode(address.toString() as Address));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wager-anchor-client-'));
  chain = new LocalChain();
  rpc = await startRpcServer({ chain, port: 0 });
  pubsub = await startPubsubServer({ chain, port: 0 });
  booted = await bootLocalnet({ chain, dataDir });
  chain.start();

  player = web3.Keypair.generate();
  chain.requestAirdrop(bytes(player.publicKey), 10n * SOL);
  const connection = new web3.Connection(rpc.url, {
    commitment: 'confirmed',
    wsEndpoint: `ws://127.0.0.1:${pubsub.port}`,
  });
  const provider = new AnchorProvider(connection, new Wallet(player), {
    commitment: 'confirmed',
    preflightCommitment: 'confirmed',
  });
  program = new Program(idl, provider);
  expect(program.programId.toBase58()).toBe(WAGER_PROGRAM_ADDRESS);
  // The player's bet record, through the same client: a successful `.rpc()`.
  await program.methods.initBetOffchain!(null).accounts({ user: player.publicKey }).rpc();
});

afterAll(async () => {
  booted.stop();
  chain.stop();
  await pubsub.close();
  await rpc.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The error `.rpc()` threw (it must throw). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

describe('an unmodified Anchor client reads the program’s errors', () => {
  it('create_bet with a stake under 0.01 SOL: AnchorError 6011 BetTooLow, from the IDL', async () => {
    // 50% of 19,999,998 lamports stakes 9,999,999: one lamport under the minimum.
    expect(BigInt(19_999_998 / 2)).toBe(MIN_BET_LAMPORTS - 1n);
    const error = await rejection(
      program.methods.createBet!(
        50,
        u64(19_999_998n),
        { sol: {} },
        Array.from({ length: 32 }, (_, i) => i),
      )
        .accounts({ user: player.publicKey, mint: NATIVE_MINT })
        .rpc(),
    );
    expect(error).toBeInstanceOf(AnchorError);
    const anchorError = error as AnchorError;
    expect(anchorError.error.errorCode).toEqual({ code: 'BetTooLow', number: 6011 });
    expect(anchorError.error.errorMessage).toBe('The stake is below the minimum of 0.01 SOL');
    expect(anchorError.program.toBase58()).toBe(WAGER_PROGRAM_ADDRESS);
    expect(anchorError.logs).toContain(
      'Program log: AnchorError occurred. Error Code: BetTooLow. Error Number: 6011. Error Message: The stake is below the minimum of 0.01 SOL.',
    );
  });

  it('create_bet with odds of 0: AnchorError 6001 InvalidOdds', async () => {
    const error = await rejection(
      program.methods.createBet!(0, u64(SOL), { sol: {} }, new Array<number>(32).fill(0))
        .accounts({ user: player.publicKey, mint: NATIVE_MINT })
        .rpc(),
    );
    expect((error as AnchorError).error.errorCode).toEqual({ code: 'InvalidOdds', number: 6001 });
  });

  it('a framework error: the user not signing is AnchorError 3010 AccountNotSigner', async () => {
    // A client whose IDL forgot that the user signs sends the user as a plain account; the fee payer signs.
    const stale = structuredClone(idl) as unknown as {
      instructions: { name: string; accounts: { name: string; signer?: boolean }[] }[];
    };
    const createBet = stale.instructions.find((ix) => ix.name === 'create_bet')!;
    createBet.accounts.find((account) => account.name === 'user')!.signer = false;
    const staleProgram = new Program(stale, program.provider);
    const someoneElse = web3.Keypair.generate();
    const error = await rejection(
      staleProgram.methods.createBet!(50, u64(SOL), { sol: {} }, new Array<number>(32).fill(0))
        .accounts({ user: someoneElse.publicKey, mint: NATIVE_MINT })
        .rpc(),
    );
    expect(error).toBeInstanceOf(AnchorError);
    expect((error as AnchorError).error.errorCode).toEqual({ code: 'AccountNotSigner', number: 3010 });
    expect((error as AnchorError).error.errorMessage).toBe('The given account did not sign');
  });
});
