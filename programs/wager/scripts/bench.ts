/**
 * Compute units of every Wager instruction (with the variants that cost differently) and the program's size,
 * against the targets of the issue.
 *
 * Run: `npx node programs/wager/scripts/bench.ts` (or `npm run bench`). LiteSVM meters compute units
 * deterministically and every key here is fixed, so the figures repeat exactly from run to run. They still
 * depend on PDA bumps where an instruction searches for one (initialize_house, init_bet_offchain,
 * create_market, create_prediction): `sol_try_find_program_address` costs 1,500 CU per attempt, and an
 * address with bump b takes 1 + (255 − b) attempts. The keys are chosen so the reported "typical" cases need
 * one attempt (bump 255, half of all addresses); a second user shows a less lucky address.
 */
import { readFileSync } from 'node:fs';
import { printComputeUnitTable, type ComputeUnitRow } from '@arcade/sbf/bench-table';
import { lamports, type Address, type KeyPairSigner } from '@solana/kit';
import {
  findBetAddress,
  findHouseAddress,
  findMarketAuthorityAddress,
  findPredictionAddress,
} from '@arcade/sdk/wager/pda';
import { PROGRAM_SO, SOL, WagerHarness, type Outcome } from '../test/harness.ts';

/** Compute-unit and size targets from the issue. */
const TARGETS = {
  createBetOffchain: 6_000n,
  settleBetOffchain: 6_000n,
  createPredictionCreating: 8_000n,
  createPredictionOtherwise: 6_000n,
  programKiB: 64,
} as const;

/** One attempt for bump 255, one more for each bump below it. */
const attempts = (bump: number) => 1 + (255 - bump);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const bumpNote = (what: string, bump: number) => `${what} bump ${bump}: ${plural(attempts(bump), 'attempt')}`;

type Row = ComputeUnitRow;

const rows: Row[] = [];

function units(outcome: Outcome, what: string): bigint {
  if (!outcome.ok) throw new Error(`${what} failed: ${outcome.error}\n${outcome.logs.join('\n')}`);
  return outcome.cu;
}

function record(instruction: string, outcome: Outcome, extra: Omit<Row, 'instruction' | 'cu'> = {}): void {
  rows.push({ instruction, cu: units(outcome, instruction), ...extra });
}

async function user(h: WagerHarness, label: string, sol = 100n): Promise<KeyPairSigner> {
  return h.user(sol, label);
}

async function betBump(u: Address): Promise<number> {
  return (await findBetAddress(u))[1];
}

async function main(): Promise<void> {
  const h = await WagerHarness.create({ deterministic: true, initializeHouse: false });
  // In steady state the treasury already holds fees; an empty one costs a rent lookup per payment.
  h.svm.airdrop(h.treasury.address, lamports(SOL));

  // ---- the house ----
  const [, houseBump] = await findHouseAddress();
  record('initialize_house', await h.initializeHouse(), {
    note: bumpNote('house PDA', houseBump),
  });
  h.fundHouse(1_000n * SOL);
  record('update_house', await h.updateHouse({ paused: true }));
  units(await h.updateHouse({ paused: false }), 'update_house');
  record('withdraw', await h.withdraw(SOL, h.authority.address));

  // ---- bets ----
  // bob's bet address is a typical one (bump 255); alice's needs a few more attempts.
  const ref = await user(h, 'referrer', 1n);
  const bob = await user(h, 'bob');
  const alice = await user(h, 'alice');
  const bobBump = await betBump(bob.address);
  const aliceBump = await betBump(alice.address);
  if (bobBump < 255) throw new Error(`bob's bet is meant to be a typical address; its bump is ${bobBump}`);
  record('init_bet_offchain (bob, a referral)', await h.initBet(bob, ref.address), {
    note: bumpNote('bet PDA', bobBump),
  });
  record('init_bet_offchain (alice, none)', await h.initBet(alice), { note: bumpNote('bet PDA', aliceBump) });

  record('create_bet_offchain (SOL, no referral)', await h.createBet(alice, { odds: 50, prize: SOL }), {
    target: TARGETS.createBetOffchain,
  });
  record('create_bet_offchain (SOL, a referral)', await h.createBet(bob, { odds: 50, prize: SOL }), {
    target: TARGETS.createBetOffchain,
    note: 'reserves the share too',
  });
  record('settle_bet_offchain (win, no referral)', await h.settleBet(alice.address, 0), {
    target: TARGETS.settleBetOffchain,
  });
  record('settle_bet_offchain (loss, referral paid)', await h.settleBet(bob.address, 99), {
    target: TARGETS.settleBetOffchain,
  });
  record('claim_bet (SOL)', await h.claimBet(alice));

  const mint = (await h.signer('token mint')).address;
  record(
    'create_bet_offchain (token)',
    await h.createBet(bob, { odds: 40, prize: 2n * SOL, betType: 'token', mint }),
    { target: TARGETS.createBetOffchain },
  );
  units(await h.settleBet(bob.address, 0), 'settle_bet_offchain');
  record('claim_bet (token, sol = false)', await h.claimBet(bob, false), { note: 'a swap would follow' });

  // A referral wallet too empty to hold its share: the settlement looks up the rent and keeps it.
  const carol = await user(h, 'carol');
  const empty = await user(h, 'empty referral', 0n);
  units(await h.initBet(carol, empty.address), 'init_bet_offchain');
  units(await h.createBet(carol, { odds: 50, prize: 20_000_000n }), 'create_bet_offchain');
  record('settle_bet_offchain (share kept)', await h.settleBet(carol.address, 99), {
    target: TARGETS.settleBetOffchain,
    note: 'empty referral wallet: rent lookup, no payment',
  });
  units(await h.createBet(alice, { odds: 95, prize: SOL }), 'create_bet_offchain');
  record('refund_bet', await h.refundBet(alice.address));

  // ---- markets ----
  const marketSigner = await h.signer('market 4');
  const [, poolBump] = await findMarketAuthorityAddress(marketSigner.address);
  const cutoff = h.now() + 3_600n;
  const created = await h.createMarket({ market: marketSigner, cutoff, referrer: ref.address });
  record('create_market', created.outcome, { note: bumpNote('pool PDA', poolBump) });
  const market = created.market;
  record('update_market', await h.updateMarket(market, { cutoff, end: cutoff + 7_200n }));

  // erin's prediction address is a typical one; player 1's needs a few more attempts.
  const erin = await user(h, 'erin');
  const player = await user(h, 'player 1');
  const erinBump = (await findPredictionAddress(market, erin.address))[1];
  const playerBump = (await findPredictionAddress(market, player.address))[1];
  if (erinBump < 255) {
    throw new Error(`erin's prediction is meant to be a typical address; its bump is ${erinBump}`);
  }
  record('create_prediction (erin)', await h.predict(erin, market, SOL, 'yes'), {
    target: TARGETS.createPredictionCreating,
    note: `creates the record; ${bumpNote('prediction PDA', erinBump)}`,
  });
  record('create_prediction (player 1)', await h.predict(player, market, 2n * SOL, 'no'), {
    target: TARGETS.createPredictionCreating,
    note: `creates the record; ${bumpNote('prediction PDA', playerBump)}`,
  });
  record('update_prediction', await h.updatePrediction(erin, market, SOL), {
    target: TARGETS.createPredictionOtherwise,
    note: 'adds to the prediction',
  });
  // Someone sent lamports to frank's prediction address first: create_prediction tops it up, allocates and
  // assigns instead of one CreateAccount.
  const frank = await user(h, 'frank');
  const frankPrediction = await findPredictionAddress(market, frank.address);
  h.svm.airdrop(frankPrediction[0], lamports(1_000_000n));
  record('create_prediction (pre-funded address)', await h.predict(frank, market, SOL, 'no'), {
    target: TARGETS.createPredictionCreating,
    note: `creates the record; ${bumpNote('prediction PDA', frankPrediction[1])}`,
  });

  h.toCutoff(market);
  record('resolve_market (Yes, a referrer)', await h.resolveMarket(market, 'yes'), {
    note: 'fee to the treasury and the referrer',
  });
  record('settle_prediction (winner)', await h.settlePrediction(market, erin.address), {
    note: 'cranked by a keeper',
  });
  record('settle_prediction (loser)', await h.settlePrediction(market, player.address));
  units(await h.settlePrediction(market, frank.address), 'settle_prediction');
  record('close_market', await h.closeMarket(market), {
    note: 'pool to the treasury, market rent to the authority',
  });

  const other = await h.createMarket({ market: await h.signer('market 5'), cutoff: h.now() + 60n });
  units(other.outcome, 'create_market');
  const dave = await user(h, 'dave');
  units(await h.predict(dave, other.market, SOL, 'yes'), 'create_prediction');
  h.toCutoff(other.market);
  record('resolve_market (Invalid)', await h.resolveMarket(other.market, 'invalid'), { note: 'no fee' });
  record('settle_prediction (refund)', await h.settlePrediction(other.market, dave.address));

  printComputeUnitTable({
    title: 'Wager compute units (LiteSVM, deterministic keys)',
    rows,
    binary: { name: 'wager.so', bytes: readFileSync(PROGRAM_SO).length, targetKiB: TARGETS.programKiB },
  });
  printBumpSpread('create_prediction', 'prediction', erinBump, playerBump, TARGETS.createPredictionCreating);
}

/**
 * How the cost of an instruction that searches for a PDA spreads over addresses: bump 255 (one attempt) for
 * half of them, 254 for a quarter, and so on, each extra attempt costing what the two users' difference
 * shows.
 */
function printBumpSpread(name: string, what: string, typicalBump: number, otherBump: number, target: bigint) {
  const [typical, other] = rows.filter((r) => r.instruction.startsWith(`${name} (`)).map((r) => r.cu);
  const extraAttempts = attempts(otherBump) - attempts(typicalBump);
  if (typical === undefined || other === undefined || extraAttempts === 0) return;
  const perAttempt = (other - typical) / BigInt(extraAttempts);
  let first = 1;
  while (typical + BigInt(first - 1) * perAttempt <= target && first < 256) first++;
  console.log(
    `${name} creating: ${typical.toLocaleString('en-US')} CU with 1 attempt, ` +
      `+${perAttempt.toLocaleString('en-US')} CU per extra attempt; over ` +
      `${target.toLocaleString('en-US')} CU from ${plural(first, 'attempt')} ` +
      `(bump ≤ ${256 - first}), i.e. for 1 in ${2 ** (first - 1)} ${what} addresses.`,
  );
}

await main();
