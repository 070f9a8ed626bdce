/**
 * How fast the indexer applies chain activity, next to how fast the chain produced it.
 *
 * On the embedded local chain (in process, served over JSON-RPC as the harness does) and PGlite, 100
 * funded players each open a TailSpin bet (init + `create_bet` in one transaction: NewBet), get it revealed
 * (`reveal_bet`, eight per transaction in sequence order: a reveal line and BetSettled each) and bet on the
 * live Foresight round (UpdateBet), sent without preflight as fast as the chain takes them (the reveals
 * batch after batch, since their order matters). The time from the first send to the last confirmation is
 * the chain's production rate. Then a fresh indexer indexes everything from the start of history (the
 * boot's transactions too), run after run until nothing is pending, and the script prints transactions/s
 * and events/s for both.
 *
 * Run: `npx node apps/server/scripts/bench-indexer.ts` (PLAYERS=… to change the 100).
 */

import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { getPlaceBetInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { decodeBet } from '@arcade/sdk/wager/accounts';
import { randomPlayerSeed } from '@arcade/sdk/wager/fairness';
import {
  getCreateBetInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getRevealBetInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';

import { startTestServer } from '../test/harness.ts';
import { TestSeedChain, waitForSlotEnd } from '../test/wager-bets.ts';
import { createIndexerWorker } from '../src/workers/indexer/indexer-worker.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 100);
const SOL = 1_000_000_000n;

const t = await startTestServer();
const { rpc } = t.chain.context;
const settler = t.chain.context.signers.settler;

async function sendAll(
  batch: readonly { payer: KeyPairSigner; instructions: readonly Instruction[] }[],
): Promise<void> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const signed = await Promise.all(
    batch.map(({ payer, instructions }) =>
      signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(payer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) => appendTransactionMessageInstructions(instructions, m),
        ),
      ),
    ),
  );
  await Promise.all(
    signed.map((tx) =>
      rpc
        .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight: true })
        .send(),
    ),
  );
  const pending = new Set<Signature>(signed.map((tx) => getSignatureFromTransaction(tx)));
  while (pending.size > 0) {
    const list = [...pending].slice(0, 256);
    const { value } = await rpc.getSignatureStatuses(list).send();
    value.forEach((status, i) => {
      if (status === null) return;
      if (status.err !== null)
        throw new Error(`a benchmark transaction failed: ${JSON.stringify(status.err)}`);
      pending.delete(list[i]!);
    });
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

try {
  const players = await Promise.all(Array.from({ length: PLAYERS }, () => generateKeyPairSigner()));
  await Promise.all(players.map((p) => rpc.requestAirdrop(p.address, lamports(10n * SOL)).send()));
  const [config] = await findConfigAddress(SOL_USD_FEED_ID);
  const info = await rpc.getAccountInfo(config, { encoding: 'base64' }).send();
  if (info.value === null) throw new Error('no Foresight config');
  const { liveEvent } = decodeConfig(getBase64Encoder().encode(info.value.data[0]));
  const [round] = await findEventAddress(config, liveEvent);

  // The seed chain the reveals use, committed before any bet (anyone may reveal with its seeds).
  const chain = new TestSeedChain(PLAYERS);
  await chain.commit(t, 0n);

  const opens = await Promise.all(
    players.map(async (payer) => ({
      payer,
      instructions: [
        await getInitBetOffchainInstructionAsync({ user: payer }),
        await getCreateBetInstructionAsync({
          user: payer,
          odds: 50,
          listingPrice: SOL / 10n,
          betType: 'sol',
          playerSeed: randomPlayerSeed(),
        }),
      ],
    })),
  );
  const places = await Promise.all(
    players.map(async (payer, i) => ({
      payer,
      instructions: [
        await getPlaceBetInstructionAsync({
          user: payer,
          config,
          event: round,
          prediction: i % 2 === 0 ? 'up' : 'down',
          amount: SOL / 50n,
        }),
      ],
    })),
  );

  /** The reveals, eight per transaction in sequence order (the bets took sequences in landing order). */
  async function reveals(): Promise<{ payer: KeyPairSigner; instructions: Instruction[] }[]> {
    const records = await Promise.all(players.map(async (payer) => (await findBetAddress(payer.address))[0]));
    const { value } = await rpc.getMultipleAccounts(records, { encoding: 'base64' }).send();
    const bets = value
      .map((account, i) => ({
        payer: players[i]!,
        bet: decodeBet(getBase64Encoder().encode(account!.data[0])),
      }))
      .sort((a, b) => Number(a.bet.sequence - b.bet.sequence));
    await waitForSlotEnd(
      rpc,
      bets.reduce((most, { bet }) => (bet.slot > most ? bet.slot : most), 0n),
    );
    const batches: { payer: KeyPairSigner; instructions: Instruction[] }[] = [];
    for (let start = 0; start < bets.length; start += 8) {
      batches.push({
        payer: settler,
        instructions: await Promise.all(
          bets
            .slice(start, start + 8)
            .map(({ payer, bet }) =>
              getRevealBetInstructionAsync({ user: payer.address, seed: chain.seedFor(bet.sequence) }),
            ),
        ),
      });
    }
    return batches;
  }

  const produceStart = performance.now();
  await sendAll(opens);
  const revealBatches = await reveals();
  for (const batch of revealBatches) await sendAll([batch]);
  await sendAll(places);
  const produceMs = performance.now() - produceStart;
  const produced = opens.length + revealBatches.length + places.length;
  const producedEvents = opens.length + 2 * players.length + places.length;

  const worker = createIndexerWorker(t.app);
  const indexStart = performance.now();
  let runs = 0;
  do {
    await worker.run(new AbortController().signal);
    runs += 1;
  } while ((worker.details().pending as number) > 0);
  const indexMs = performance.now() - indexStart;
  const details = worker.details();
  const applied = details.applied as number;
  const events = details.events as number;

  const rate = (n: number, ms: number): string => (n / (ms / 1000)).toFixed(0);
  console.log(
    `chain:   ${produced} transactions (${producedEvents} events and reveal lines) in ${produceMs.toFixed(0)} ms`,
  );
  console.log(`         ${rate(produced, produceMs)} tx/s, ${rate(producedEvents, produceMs)} events/s`);
  console.log(
    `indexer: ${applied} transactions (${events} events, boot included) from scratch in ${indexMs.toFixed(0)} ms, ${runs} runs`,
  );
  console.log(`         ${rate(applied, indexMs)} tx/s, ${rate(events, indexMs)} events/s`);
  console.log(
    `ratio:   indexer / chain = ${(applied / indexMs / (produced / produceMs)).toFixed(2)}× (transactions/s)`,
  );
} finally {
  await t.close();
}
