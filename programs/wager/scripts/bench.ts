/**
 * Compute units of every Wager instruction (with the variants that cost differently) and the program's size,
 * against the targets of the issue.
 *
 * Run: `npx node programs/wager/scripts/bench.ts` (or `npm run bench`). LiteSVM meters compute units
 * deterministically, and every key, seed and slot hash here is fixed, so the figures repeat exactly from run
 * to run. They still depend on PDA bumps where an instruction searches for one (initialize_house,
 * init_bet_offchain, init_referral, create_market, create_prediction, and a settlement that meets a referral
 * vault nobody created): `sol_try_find_program_address` costs 1,500 CU per attempt, and an address with bump
 * b takes 1 + (255 − b) attempts. The keys are chosen so the reported "typical" cases need one attempt (bump
 * 255, half of all addresses); a second user shows a less lucky address.
 *
 * The SlotHashes sysvar is full (512 entries) before the first reveal, as on a cluster, so reveal_bet's
 * binary search for the bet's slot costs what it costs there.
 */
import { readFileSync } from 'node:fs';
import { printComputeUnitTable, type ComputeUnitRow } from '@arcade/sbf/bench-table';
import { lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { BET_REFUND_DELAY_SECS, MARKET_RESOLVE_GRACE_SECS } from '@arcade/sdk/constants';
import { BetState, BetResult, BetType } from '@arcade/sdk/wager/accounts';
import {
  findBetAddress,
  findHouseAddress,
  findMarketAuthorityAddress,
  findPredictionAddress,
  findReferralAddress,
} from '@arcade/sdk/wager/pda';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { PROGRAM_SO, SLOT_HASHES_MAX, SOL, WagerHarness, type Outcome } from '../test/harness.ts';

/** Compute-unit and size targets from the issue. */
const TARGETS = {
  createBet: 6_000n,
  revealBet: 6_000n,
  createBetOffchain: 6_000n,
  settleBetOffchain: 6_000n,
  createPredictionCreating: 8_000n,
  createPredictionOtherwise: 6_000n,
  programKiB: 64,
} as const;

const DELAY = BigInt(BET_REFUND_DELAY_SECS);

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

/** Checks a reveal did what its row says (the figure would mean nothing otherwise). */
function expectReveal(
  outcome: Outcome,
  kind: 'settled' | 'after refund' | 'expired' | 'earlier',
  what: string,
): Outcome {
  units(outcome, what);
  const reveal = outcome.ok ? outcome.reveal : null;
  const got =
    reveal === null
      ? 'none'
      : reveal.kind === 'settled'
        ? reveal.afterRefund
          ? 'after refund'
          : 'settled'
        : reveal.reason;
  if (got !== kind) throw new Error(`${what}: expected a ${kind} reveal, got ${got}`);
  return outcome;
}

async function main(): Promise<void> {
  const h = await WagerHarness.create({ deterministic: true, initializeHouse: false });
  // In steady state the treasury already holds fees; an empty one costs a rent lookup per payment.
  h.svm.airdrop(h.treasury.address, lamports(SOL));
  // A cluster's SlotHashes always holds 512 slots.
  h.advanceSlots(SLOT_HASHES_MAX);

  // ---- the house ----
  const [, houseBump] = await findHouseAddress();
  record('initialize_house', await h.initializeHouse(), {
    note: bumpNote('house PDA', houseBump),
  });
  h.fundHouse(1_000n * SOL);
  record('update_house', await h.updateHouse({ paused: true }));
  units(await h.updateHouse({ paused: false }), 'update_house');
  record('withdraw', await h.withdraw(SOL, h.authority.address));
  const next = await user(h, 'next authority', 1n);
  record('propose_authority', await h.proposeAuthority(next.address));
  record('accept_authority', await h.acceptAuthority(next));
  units(await h.proposeAuthority(h.authority.address, next), 'propose_authority');
  units(await h.acceptAuthority(h.authority), 'accept_authority');

  // ---- seed chains: two short ones, so a later reveal rolls over ----
  record('commit_seed_chain (first chain)', (await h.commitSeedChain(3)).outcome, {
    note: 'becomes current at the first reveal',
  });

  // ---- bets ----
  // bob's bet address is a typical one (bump 255); alice's needs a few more attempts.
  const ref = await user(h, 'referrer', 1n);
  const bob = await user(h, 'bob');
  const alice = await user(h, 'alice');
  const bobBump = await betBump(bob.address);
  const aliceBump = await betBump(alice.address);
  if (bobBump < 255) throw new Error(`bob's bet is meant to be a typical address; its bump is ${bobBump}`);
  const [, refVaultBump] = await findReferralAddress(ref.address);
  record('init_referral', await h.initReferral(ref.address), {
    note: `creates the vault; ${bumpNote('vault PDA', refVaultBump)}`,
  });
  record('init_referral (exists)', await h.initReferral(ref.address), { note: 'idempotent: nothing to do' });
  record('init_bet_offchain (bob, a referral)', await h.initBet(bob, ref.address), {
    note: bumpNote('bet PDA', bobBump),
  });
  record('init_bet_offchain (alice, none)', await h.initBet(alice), { note: bumpNote('bet PDA', aliceBump) });

  record(
    'create_bet (first, no referral)',
    await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'win' }),
    { target: TARGETS.createBet, note: "the record's first bet, the House's first sequence" },
  );
  record(
    'create_bet (first, a referral)',
    await h.createBet(bob, { odds: 50, prize: SOL }, { want: 'loss' }),
    { target: TARGETS.createBet, note: 'reserves the share too' },
  );
  record(
    'reveal_bet (win, no referral)',
    expectReveal(await h.reveal(alice.address), 'settled', 'reveal_bet'),
    { target: TARGETS.revealBet, note: 'first reveal: the committed chain becomes current' },
  );
  record(
    'reveal_bet (loss, referral vault)',
    expectReveal(await h.reveal(bob.address), 'settled', 'reveal_bet'),
    { target: TARGETS.revealBet, note: 'credits the vault' },
  );
  record('claim_bet (SOL)', await h.claimBet(alice));
  record('commit_seed_chain (next chain)', (await h.commitSeedChain(3)).outcome);
  record('commit_seed_chain (replace next)', (await h.commitSeedChain(100)).outcome, {
    note: 'no bet took from it yet',
  });

  record(
    'create_bet (typical, no referral)',
    await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'loss' }),
    { target: TARGETS.createBet },
  );
  record(
    'reveal_bet (loss, no referral)',
    expectReveal(await h.reveal(alice.address), 'settled', 'reveal_bet'),
    { target: TARGETS.revealBet },
  );
  // Sequence 3: the first of the next chain.
  record(
    'create_bet (typical, a referral)',
    await h.createBet(bob, { odds: 40, prize: 2n * SOL }, { want: 'win' }),
    { target: TARGETS.createBet },
  );
  record(
    'reveal_bet (win, referral vault, chain rollover)',
    expectReveal(await h.reveal(bob.address), 'settled', 'reveal_bet'),
    { target: TARGETS.revealBet, note: 'the next chain takes over' },
  );
  record('claim_referral', await h.claimReferral(ref), { note: 'everything above the vault rent' });
  record('claim_bet (SOL, a referral)', await h.claimBet(bob));

  const mint = (await h.signer('token mint')).address;
  record(
    'create_bet (token)',
    await h.createBet(bob, { odds: 40, prize: 2n * SOL, betType: 'token', mint }, { want: 'win' }),
    { target: TARGETS.createBet },
  );
  units(await h.reveal(bob.address), 'reveal_bet');
  record('claim_bet (token, sol = false)', await h.claimBet(bob, false), { note: 'a swap would follow' });

  // A referral whose vault nobody created: the settlement derives its address to recognise it.
  const carol = await user(h, 'carol');
  const nobody = await user(h, 'no vault referral', 0n);
  const [, nobodyVaultBump] = await findReferralAddress(nobody.address);
  units(await h.initBet(carol, nobody.address), 'init_bet_offchain');
  units(await h.createBet(carol, { odds: 50, prize: 20_000_000n }, { want: 'loss' }), 'create_bet');
  record(
    'reveal_bet (loss, no vault created)',
    expectReveal(await h.reveal(carol.address), 'settled', 'reveal_bet'),
    {
      // Not a product path: the web app and the bots create the vault with the bet that first names the
      // referral, so only a client that skips init_referral pays for the derivation.
      note: `share kept; ${bumpNote('vault PDA', nobodyVaultBump)}; no product bet takes this path`,
    },
  );

  // The refund paths. A refund while SlotHashes lists the bet's slot captures its hash: the late reveal
  // rolls it and pays a win. An open bet revealed late is rolled as on time while its slot is listed; once
  // the slot has left SlotHashes, its reveal refunds it, and a refund then captures nothing.
  const gus = await user(h, 'gus');
  units(await h.initBet(gus), 'init_bet_offchain');
  units(await h.createBet(alice, { odds: 95, prize: SOL }, { want: 'win' }), 'create_bet');
  units(await h.createBet(gus, { odds: 95, prize: SOL }, { want: 'loss' }), 'create_bet');
  h.setTime(h.now() + DELAY);
  record('refund_bet', await h.refundBet(alice.address, alice), {
    note: 'by the player, after the deadline; captures the slot hash',
  });
  record(
    'reveal_bet (after a refund, win)',
    expectReveal(await h.reveal(alice.address), 'after refund', 'reveal_bet'),
    { target: TARGETS.revealBet, note: 'pays prize − stake − fee' },
  );
  record(
    'reveal_bet (late, slot still listed)',
    expectReveal(await h.reveal(gus.address), 'settled', 'reveal_bet'),
    { target: TARGETS.revealBet },
  );
  const fay = await user(h, 'fay');
  units(await h.initBet(fay), 'init_bet_offchain');
  units(await h.createBet(bob, { odds: 50, prize: SOL }), 'create_bet');
  units(await h.createBet(fay, { odds: 50, prize: SOL }), 'create_bet');
  h.expireSlot((await h.fetchBet(fay.address)).slot);
  h.setTime(h.now() + DELAY);
  record('refund_bet (slot gone)', await h.refundBet(fay.address, fay), { note: 'captures nothing' });
  record('reveal_bet (expired)', expectReveal(await h.reveal(bob.address), 'expired', 'reveal_bet'), {
    target: TARGETS.revealBet,
    note: 'refunds stake and fee',
  });
  record(
    'reveal_bet (refunded earlier)',
    expectReveal(await h.reveal(fay.address), 'earlier', 'reveal_bet'),
    { target: TARGETS.revealBet, note: 'moves the chain on' },
  );
  record('reset_seed_chain', (await h.resetSeedChain(10)).outcome, { note: 'no bet open' });

  // A record of the program's first version: create_bet grows it, its user paying the rent difference.
  const lena = await user(h, 'lena');
  await h.writeLegacyBet(lena.address, {
    user: lena.address,
    mint: NATIVE_MINT_ADDRESS,
    switchboardRequest: NATIVE_MINT_ADDRESS,
    odds: 50,
    betAmount: SOL / 2n,
    listingPrice: SOL,
    timestamp: h.now() - 1_000n,
    state: BetState.Claimed,
    result: BetResult.Win,
    betType: BetType.Sol,
    referral: null,
    offChain: true,
  });
  record('create_bet (old record, grows)', await h.createBet(lena, { odds: 50, prize: SOL }), {
    target: TARGETS.createBet,
    note: 'one System transfer for the extra rent',
  });

  // ---- the spec's off-chain pair, with offchain_bets on ----
  units(await h.updateHouse({ offchainBets: true }), 'update_house');
  const olga = await user(h, 'olga');
  const oscar = await user(h, 'oscar');
  units(await h.initBet(olga), 'init_bet_offchain');
  units(await h.initBet(oscar, ref.address), 'init_bet_offchain');
  record(
    'create_bet_offchain (SOL, no referral)',
    await h.createBetOffchain(olga, { odds: 50, prize: SOL }),
    {
      target: TARGETS.createBetOffchain,
    },
  );
  record(
    'create_bet_offchain (SOL, a referral)',
    await h.createBetOffchain(oscar, { odds: 50, prize: SOL }),
    { target: TARGETS.createBetOffchain, note: 'reserves the share too' },
  );
  record('settle_bet_offchain (win, no referral)', await h.settleBet(olga.address, 0), {
    target: TARGETS.settleBetOffchain,
  });
  record('settle_bet_offchain (loss, referral vault)', await h.settleBet(oscar.address, 99), {
    target: TARGETS.settleBetOffchain,
    note: 'credits the vault',
  });
  const greta = await user(h, 'greta');
  units(await h.initBet(greta, nobody.address), 'init_bet_offchain');
  units(await h.createBetOffchain(greta, { odds: 50, prize: 20_000_000n }), 'create_bet_offchain');
  record('settle_bet_offchain (share kept)', await h.settleBet(greta.address, 99), {
    target: TARGETS.settleBetOffchain,
    note: `no vault created; ${bumpNote('vault PDA', nobodyVaultBump)}`,
  });

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
    note: 'fee to the treasury and the referral vault',
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

  const overdue = await h.createMarket({ market: await h.signer('market 6'), cutoff: h.now() + 60n });
  units(overdue.outcome, 'create_market');
  units(await h.predict(dave, overdue.market, SOL, 'no'), 'create_prediction');
  h.setTime(h.fetchMarket(overdue.market).endTime + BigInt(MARKET_RESOLVE_GRACE_SECS));
  record('expire_market', await h.expireMarket(overdue.market), {
    note: 'by anyone, after the grace period',
  });

  printComputeUnitTable({
    title: 'Wager compute units (LiteSVM, deterministic keys, seeds and slot hashes)',
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
