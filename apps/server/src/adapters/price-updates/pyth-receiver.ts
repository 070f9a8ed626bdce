/**
 * Posting a Hermes price update through the Pyth receiver program, fully verified, with the instruction
 * builders of `@pythnetwork/pyth-solana-receiver` (0.14), turned into kit instructions.
 *
 * The package's main entry (and its `PythSolanaReceiver` class) imports `@pythnetwork/solana-utils`, which
 * loads `jito-ts`, whose bundled web3.js 1.77 does not load under Node 24 (it asks `rpc-websockets` for a
 * path that package no longer exports). So this module uses the package's own lower-level entries only,
 * `./vaa` (the encoded-VAA instructions), `./address` (the PDAs), `./idl/*` and `./compute_budget`, through
 * CommonJS (the ESM build imports directories, which Node's ESM loader refuses), with the Anchor 0.29 the
 * package depends on; and it composes them as the package's `buildPostPriceUpdateInstructions` does:
 *
 * 1. the encoded VAA: `createAccount` + `init_encoded_vaa` + `write_encoded_vaa` (first part), then the
 *    second part + `verify_encoded_vaa_v1`, which checks every guardian signature (hence Full);
 * 2. `post_update` of the feed's Merkle update into a fresh price-update account;
 * 3. afterwards `reclaim_rent` (the price-update account) and `close_encoded_vaa`, rent back to the payer.
 *
 * @module
 */

import { createRequire } from 'node:module';

import {
  AccountRole,
  address,
  createKeyPairSignerFromBytes,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';

// Structural types of what is used from web3.js 1.x, Anchor 0.29 and the price-service SDK: those are the
// receiver package's own dependencies, loaded through its require, not the server's.
interface Web3PublicKey {
  toBase58(): string;
}
interface Web3Keypair {
  readonly publicKey: Web3PublicKey;
  readonly secretKey: Uint8Array;
}
interface Web3Instruction {
  readonly programId: Web3PublicKey;
  readonly keys: readonly { pubkey: Web3PublicKey; isSigner: boolean; isWritable: boolean }[];
  readonly data: Uint8Array;
}
interface WithSigners {
  readonly instruction: Web3Instruction;
  readonly signers: readonly Web3Keypair[];
}
interface MethodBuilder {
  accounts(accounts: Record<string, Web3PublicKey>): { instruction(): Promise<Web3Instruction> };
}
interface AnchorProgram {
  readonly programId: Web3PublicKey;
  readonly methods: Record<string, (...args: unknown[]) => MethodBuilder>;
}
interface Bn {
  toString(): string;
}
/** A Merkle update of an accumulator message, as the price-service SDK parses it. */
export interface MerklePriceUpdate {
  readonly message: Buffer;
  readonly proof: number[][];
}
interface Modules {
  readonly web3: {
    Keypair: { generate(): Web3Keypair };
    PublicKey: new (key: string) => Web3PublicKey;
  };
  readonly anchor: {
    AnchorProvider: new (connection: object, wallet: { publicKey: Web3PublicKey }, opts: object) => object;
    Program: new (idl: unknown, programId: Web3PublicKey, provider: object) => AnchorProgram;
  };
  readonly vaa: {
    buildPostEncodedVaaInstructions(
      wormhole: AnchorProgram,
      vaa: Buffer,
    ): Promise<{ encodedVaaAddress: Web3PublicKey; postInstructions: WithSigners[] }>;
    buildCloseEncodedVaaInstruction(wormhole: AnchorProgram, encodedVaa: Web3PublicKey): Promise<WithSigners>;
  };
  readonly address: {
    DEFAULT_RECEIVER_PROGRAM_ID: Web3PublicKey;
    DEFAULT_WORMHOLE_PROGRAM_ID: Web3PublicKey;
    getTreasuryPda(treasuryId: number, receiver: Web3PublicKey): Web3PublicKey;
    getConfigPda(receiver: Web3PublicKey): Web3PublicKey;
  };
  readonly receiverIdl: unknown;
  readonly wormholeIdl: unknown;
  readonly priceService: {
    parseAccumulatorUpdateData(data: Buffer): { vaa: Buffer; updates: MerklePriceUpdate[] };
    parsePriceFeedMessage(message: Buffer): {
      feedId: Buffer;
      price: Bn;
      exponent: number;
      publishTime: Bn;
      prevPublishTime: Bn;
    };
  };
}

let modules: Modules | null = null;

/** The receiver package's entries and its dependencies, loaded once. */
function load(): Modules {
  if (modules !== null) return modules;
  const require = createRequire(import.meta.url);
  const vaaPath = require.resolve('@pythnetwork/pyth-solana-receiver/vaa');
  // Resolved from inside the package: its Anchor 0.29, web3.js and price-service SDK.
  const own = createRequire(vaaPath);
  modules = {
    web3: own('@solana/web3.js') as Modules['web3'],
    anchor: own('@coral-xyz/anchor') as Modules['anchor'],
    vaa: require('@pythnetwork/pyth-solana-receiver/vaa') as Modules['vaa'],
    address: require('@pythnetwork/pyth-solana-receiver/address') as Modules['address'],
    receiverIdl: (require('@pythnetwork/pyth-solana-receiver/idl/pyth_solana_receiver') as { IDL: unknown })
      .IDL,
    wormholeIdl: (
      require('@pythnetwork/pyth-solana-receiver/idl/wormhole_core_bridge_solana') as { IDL: unknown }
    ).IDL,
    priceService: own('@pythnetwork/price-service-sdk') as Modules['priceService'],
  };
  return modules;
}

/** One feed's update inside an accumulator update. */
export interface ParsedPriceUpdate {
  /** 64 hex digits. */
  readonly feedIdHex: string;
  readonly price: bigint;
  readonly exponent: number;
  readonly publishTime: number;
  readonly prevPublishTime: number;
  readonly merkle: MerklePriceUpdate;
}

/** An accumulator update (Hermes' binary `data`): its VAA and the price messages it proves. */
export interface ParsedUpdateData {
  readonly vaa: Buffer;
  readonly updates: readonly ParsedPriceUpdate[];
}

/**
 * Parses one accumulator update (`PNAU…`, the bytes of Hermes' `binary.data[i]`).
 *
 * @throws Error when the bytes are not an accumulator update.
 */
export function parseUpdateData(bytes: Buffer): ParsedUpdateData {
  const { priceService } = load();
  const { vaa, updates } = priceService.parseAccumulatorUpdateData(bytes);
  const parsed: ParsedPriceUpdate[] = [];
  for (const merkle of updates) {
    let message;
    try {
      message = priceService.parsePriceFeedMessage(merkle.message);
    } catch {
      continue; // another kind of message (a TWAP): not a price
    }
    parsed.push({
      feedIdHex: message.feedId.toString('hex'),
      price: BigInt(message.price.toString()),
      exponent: message.exponent,
      publishTime: Number(message.publishTime.toString()),
      prevPublishTime: Number(message.prevPublishTime.toString()),
      merkle,
    });
  }
  return { vaa, updates: parsed };
}

/** The instructions that post one update, and close it afterwards. */
export interface ReceiverPost {
  /** The fresh PriceUpdateV2 account `post_update` writes. */
  readonly priceUpdate: Address;
  /** The encoded-VAA account the guardian signatures are verified in. */
  readonly encodedVaa: Address;
  /** Transactions to send in order: the encoded VAA's creation and first part, then the rest, verify and post. */
  readonly postTransactions: readonly (readonly Instruction[])[];
  /** `reclaim_rent` of the price-update account and `close_encoded_vaa`: for the consuming transaction. */
  readonly closeInstructions: readonly Instruction[];
  /** `close_encoded_vaa` alone: for a post that failed half-way. */
  readonly closeEncodedVaa: readonly Instruction[];
}

/** What {@link buildReceiverPost} takes. */
export interface ReceiverPostInput {
  readonly vaa: Buffer;
  readonly update: MerklePriceUpdate;
  /** Pays the accounts' rent and the receiver's fee, signs everything, gets the rent back when closed. */
  readonly payer: TransactionSigner;
  /** Lamports a `size`-byte account needs to be rent exempt (the encoded VAA's `createAccount`). */
  readonly rentExemption: (size: number) => Promise<bigint>;
  /** The receiver's fee treasury shard, 0–255; default random, as the package spreads write locks. */
  readonly treasuryId?: number;
}

/** A kit instruction from a web3.js one; each signer is `payer` or one of the ephemeral keypairs. */
function toKit(instruction: Web3Instruction, signers: ReadonlyMap<string, TransactionSigner>): Instruction {
  const accounts = instruction.keys.map((key): AccountMeta | AccountSignerMeta => {
    const meta = address(key.pubkey.toBase58());
    if (!key.isSigner)
      return { address: meta, role: key.isWritable ? AccountRole.WRITABLE : AccountRole.READONLY };
    const signer = signers.get(meta);
    if (signer === undefined) throw new Error(`no signer for ${meta} in a Pyth receiver instruction`);
    return {
      address: meta,
      role: key.isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
      signer,
    };
  });
  return {
    programAddress: address(instruction.programId.toBase58()),
    accounts,
    data: Uint8Array.from(instruction.data),
  };
}

/**
 * The instructions that post `update` (proved by `vaa`) fully verified, as the receiver package's
 * `buildPostPriceUpdateInstructions` builds them, split into the two transactions its encoded-VAA layout is
 * sized for.
 *
 * @example
 * const post = await buildReceiverPost({ vaa, update: solUsd.merkle, payer, rentExemption });
 * for (const instructions of post.postTransactions) await sendAndConfirm(rpc, payer, instructions);
 * await sendAndConfirm(rpc, payer, [consumer(post.priceUpdate), ...post.closeInstructions]);
 */
export async function buildReceiverPost(input: ReceiverPostInput): Promise<ReceiverPost> {
  const { web3, anchor, vaa: vaaModule, address: pda, receiverIdl, wormholeIdl } = load();
  const payerKey = new web3.PublicKey(input.payer.address);
  // Only what building instructions reads: the rent of the encoded VAA's account.
  const connection = {
    commitment: 'confirmed',
    getMinimumBalanceForRentExemption: async (size: number) => Number(await input.rentExemption(size)),
  };
  const provider = new anchor.AnchorProvider(
    connection,
    { publicKey: payerKey },
    { commitment: 'confirmed' },
  );
  const wormhole = new anchor.Program(wormholeIdl, pda.DEFAULT_WORMHOLE_PROGRAM_ID, provider);
  const receiver = new anchor.Program(receiverIdl, pda.DEFAULT_RECEIVER_PROGRAM_ID, provider);
  const treasuryId = input.treasuryId ?? Math.floor(Math.random() * 256);

  const { encodedVaaAddress, postInstructions } = await vaaModule.buildPostEncodedVaaInstructions(
    wormhole,
    input.vaa,
  );
  const priceUpdateKeypair = web3.Keypair.generate();
  const postUpdate = await receiver.methods.postUpdate!({ merklePriceUpdate: input.update, treasuryId })
    .accounts({
      encodedVaa: encodedVaaAddress,
      priceUpdateAccount: priceUpdateKeypair.publicKey,
      treasury: pda.getTreasuryPda(treasuryId, receiver.programId),
      config: pda.getConfigPda(receiver.programId),
    })
    .instruction();
  const reclaimRent = await receiver.methods.reclaimRent!()
    .accounts({ priceUpdateAccount: priceUpdateKeypair.publicKey })
    .instruction();
  const closeVaa = await vaaModule.buildCloseEncodedVaaInstruction(wormhole, encodedVaaAddress);

  const signers = new Map<string, TransactionSigner>([[input.payer.address, input.payer]]);
  const ephemeral = [priceUpdateKeypair, ...postInstructions.flatMap((entry) => entry.signers)];
  for (const keypair of ephemeral) {
    signers.set(keypair.publicKey.toBase58(), await createKeyPairSignerFromBytes(keypair.secretKey));
  }
  const kit = (instruction: Web3Instruction) => toKit(instruction, signers);
  // The package's layout: createAccount, init and the first write fit one transaction; the second write,
  // the verification (every guardian signature) and the post the next.
  const firstTransaction = 3;
  const post = postInstructions.map((entry) => kit(entry.instruction));
  return {
    priceUpdate: address(priceUpdateKeypair.publicKey.toBase58()),
    encodedVaa: address(encodedVaaAddress.toBase58()),
    postTransactions: [post.slice(0, firstTransaction), [...post.slice(firstTransaction), kit(postUpdate)]],
    closeInstructions: [kit(reclaimRent), kit(closeVaa.instruction)],
    closeEncodedVaa: [kit(closeVaa.instruction)],
  };
}
