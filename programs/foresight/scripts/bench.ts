/**
 * Compute units of every Foresight instruction and the program's size, against the targets of the issue.
 *
 * Run: `npx node programs/foresight/scripts/bench.ts` (or `npm run bench`). LiteSVM meters compute units
 * deterministically and every key here is fixed, so the figures repeat exactly from run to run. They still
 * depend on PDA bumps: `sol_try_find_program_address` costs 1,500 CU per attempt, and an address with bump
 * b takes 1 + (255 − b) attempts. The players' keys are chosen so the reported "creating" case is the
 * typical one (bump 255, one attempt, half of all addresses); a second player shows a less lucky address.
 * The rows after `withdraw_bet` are the paths of docs/trust.md: a stranger's tick after the grace, a tick
 * and a withdraw past a round's buffer (no price read), rotating the keys and moving the authority.
 */
import { readFileSync } from 'node:fs';
import { printComputeUnitTable, type ComputeUnitRow } from '@arcade/sbf/bench-table';
import { address, lamports, type KeyPairSigner } from '@solana/kit';
import { FORESIGHT_SETTLE_BUFFER_SECS, FORESIGHT_TICK_GRACE_SECS } from '@arcade/sdk/constants';
import { CONFIG_ACCOUNT_SIZE, LEGACY_CONFIG_ACCOUNT_SIZE } from '@arcade/sdk/foresight/accounts';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { fixedSigner, ForesightHarness, PROGRAM_SO, SOL, type Outcome } from '../test/harness.ts';

const GRACE = BigInt(FORESIGHT_TICK_GRACE_SECS);
const BUFFER = BigInt(FORESIGHT_SETTLE_BUFFER_SECS);

/** Compute-unit targets from the issue; the size limit every program keeps (docs/sbf-toolchain.md). */
const TARGETS = {
  placeBetCreating: 7_000n,
  placeBetAdding: 4_000n,
  lockAndSettleEvents: 12_000n,
  programKiB: 64,
} as const;

/** An address holding nothing: the price account of a tick that reads no price. */
const NO_PRICE_ACCOUNT = address('NoPrice111111111111111111111111111111111111');

/** One attempt for bump 255, one more for each bump below it. */
const attempts = (bump: number) => 1 + (255 - bump);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type Row = ComputeUnitRow;

const rows: Row[] = [];

function units(outcome: Outcome, what: string): bigint {
  if (!outcome.ok) throw new Error(`${what} failed: ${outcome.error}\n${outcome.logs.join('\n')}`);
  return outcome.cu;
}

function record(instruction: string, outcome: Outcome, extra: Omit<Row, 'instruction' | 'cu'> = {}): void {
  rows.push({ instruction, cu: units(outcome, instruction), ...extra });
}

async function player(h: ForesightHarness, label: string): Promise<KeyPairSigner> {
  const signer = await fixedSigner(label);
  h.svm.airdrop(signer.address, lamports(100n * SOL));
  return signer;
}

async function betBump(h: ForesightHarness, id: number, user: KeyPairSigner): Promise<number> {
  return (await findBetAddress(await h.eventAddress(id), user.address))[1];
}

/**
 * Moves to the live round's lock time t (plus `lateBy`), writes the update for t with `price` and ticks as
 * `cranker` (the event signer unless given), who then pre-creates the next round.
 */
async function tickAtLock(
  h: ForesightHarness,
  price: bigint,
  options: { lateBy?: bigint; cranker?: KeyPairSigner; createNext?: boolean } = {},
): Promise<Outcome> {
  const live = await h.fetchEvent(h.fetchConfig().liveEvent);
  h.setTime(live.lockTime + (options.lateBy ?? 0n));
  h.setPriceFor(live.lockTime, price);
  const outcome = await h.tick({ cranker: options.cranker });
  if (options.createNext !== false) {
    units(await h.createEvent(h.fetchConfig().liveEvent + 1, options.cranker), 'create_event');
  }
  return outcome;
}

/** Moves past the deadline (settle time + SETTLE_BUFFER_SECS) of round `id`, which nobody settled. */
async function pastDeadline(h: ForesightHarness, id: number): Promise<void> {
  h.setTime((await h.fetchEvent(id)).settleTime + BUFFER);
}

async function main(): Promise<void> {
  const h = await ForesightHarness.create({ deterministic: true, createConfig: false });
  // In steady state the treasury already holds fees; an empty one costs the tick a rent lookup.
  h.svm.airdrop(h.treasury.address, lamports(SOL));

  const [, configBump] = await findConfigAddress(h.feedId);
  record('create_config', await h.send([h.createConfigIx()], h.authority), {
    note: `config PDA bump ${configBump}: ${plural(attempts(configBump), 'attempt')}`,
  });
  record('update_config', await h.updateConfig(true), { note: 'pauses betting, keeps the keys' });
  units(await h.updateConfig(false), 'update_config');

  const eventBump = async (id: number) => (await findEventAddress(h.config, id))[1];
  record('create_event (live at once)', await h.createEvent(1), {
    note: `round PDA bump ${await eventBump(1)}: ${plural(attempts(await eventBump(1)), 'attempt')}`,
  });
  record('create_event (pre-created)', await h.createEvent(2), {
    note: `round PDA bump ${await eventBump(2)}: ${plural(attempts(await eventBump(2)), 'attempt')}`,
  });

  // Round 1: alice (a typical bet address) up, bob down; alice adds to her bet.
  const alice = await player(h, 'alice');
  const bob = await player(h, 'bob');
  const aliceBump = await betBump(h, 1, alice);
  if (aliceBump < 254)
    throw new Error(`alice's bet is meant to be a typical address; its bump is ${aliceBump}`);
  const bobBump = await betBump(h, 1, bob);
  record('place_bet creating the bet (alice)', await h.placeBet(alice, 1, 'up', SOL), {
    target: TARGETS.placeBetCreating,
    note: `bet PDA bump ${aliceBump}: ${plural(attempts(aliceBump), 'attempt')}`,
  });
  record('place_bet creating the bet (bob)', await h.placeBet(bob, 1, 'down', SOL), {
    target: TARGETS.placeBetCreating,
    note: `bet PDA bump ${bobBump}: ${plural(attempts(bobBump), 'attempt')}`,
  });
  record('place_bet adding to the bet', await h.placeBet(alice, 1, 'up', SOL), {
    target: TARGETS.placeBetAdding,
  });

  record('lock_and_settle_events (first tick)', await tickAtLock(h, 100_00000000n), {
    target: TARGETS.lockAndSettleEvents,
    note: 'no locked round yet: locks round 1, opens round 2',
  });
  // Round 2: only alice bets, so it will be invalid and refund her.
  units(await h.placeBet(alice, 2, 'up', SOL), 'place_bet');
  record('lock_and_settle_events (steady state)', await tickAtLock(h, 100_00000001n), {
    target: TARGETS.lockAndSettleEvents,
    note: 'settles round 1 (Up) with its fee, locks round 2, opens round 3',
  });

  record('settle_bet', await h.settleBet(alice.address, 1), { note: 'pays the winner' });
  record('close_bet', await h.closeBet(alice, 1), { note: 'a paid bet' });
  units(await h.closeBet(bob, 1), 'close_bet');
  record('close_event', await h.closeEvent(1), { note: 'rent to the event signer, dust to the treasury' });

  units(await tickAtLock(h, 100_00000002n), 'lock_and_settle_events');
  record('withdraw_bet', await h.withdrawBet(alice.address, 2), {
    note: 'refunds a bet of an invalid round',
  });

  // Without the event signer (docs/trust.md). Round 3 is locked and empty, round 4 live.
  const stranger = await player(h, 'stranger');
  units(await h.placeBet(alice, 4, 'up', SOL), 'place_bet');
  units(await h.placeBet(bob, 4, 'down', SOL), 'place_bet');
  units(await tickAtLock(h, 100_00000003n), 'lock_and_settle_events');
  record(
    'lock_and_settle_events (stranger after the grace)',
    await tickAtLock(h, 100_00000004n, {
      lateBy: GRACE,
      cranker: stranger,
      createNext: false,
    }),
    {
      target: TARGETS.lockAndSettleEvents,
      note: 'steady state: settles round 4 (Up) with its fee, locks round 5, opens round 6',
    },
  );
  record('create_event (pre-created, by a stranger)', await h.createEvent(7, stranger), {
    note: `round PDA bump ${await eventBump(7)}: ${plural(attempts(await eventBump(7)), 'attempt')}`,
  });
  // Rounds 5 (locked) and 6 (live) with bets; nobody ticks until both are past their deadlines.
  units(await h.placeBet(alice, 6, 'up', SOL), 'place_bet');
  units(await h.placeBet(bob, 6, 'down', SOL), 'place_bet');
  await pastDeadline(h, 6);
  record(
    'lock_and_settle_events (expiring both rounds)',
    await h.tick({ cranker: stranger, priceUpdate: NO_PRICE_ACCOUNT }),
    {
      target: TARGETS.lockAndSettleEvents,
      note: 'ends rounds 5 and 6 Invalid, reads no price, opens round 7',
    },
  );
  units(await h.createEvent(8, stranger), 'create_event');
  // Rounds keep the planned schedule: round 7 went live with a lock time already past, so the crank
  // catches up, one round per tick, until the live round's lock time is ahead again.
  let catchUp = 0;
  for (let live = await h.fetchEvent(h.fetchConfig().liveEvent); live.lockTime <= h.now();) {
    h.setPriceFor(live.lockTime, 100_00000005n);
    units(await h.tick(), 'lock_and_settle_events');
    units(await h.createEvent(h.fetchConfig().liveEvent + 1), 'create_event');
    live = await h.fetchEvent(h.fetchConfig().liveEvent);
    catchUp += 1;
  }
  // The live round with a bet; nobody ticks; its player withdraws past the deadline.
  const last = h.fetchConfig().liveEvent;
  units(await h.placeBet(alice, last, 'up', SOL), 'place_bet');
  await pastDeadline(h, last);
  record('withdraw_bet (expiring its round)', await h.withdrawBet(alice.address, last), {
    note: `ends its round Invalid, then refunds (after ${plural(catchUp, 'catch-up tick')})`,
  });

  // The authority's keys.
  const newSigner = await player(h, 'new event signer');
  const newTreasury = await player(h, 'new treasury');
  record(
    'update_config (rotating)',
    await h.updateConfig(false, h.authority, {
      eventSigner: newSigner.address,
      treasury: newTreasury.address,
    }),
    { note: 'new event signer and treasury' },
  );
  units(
    await h.updateConfig(false, h.authority, {
      eventSigner: h.eventSigner.address,
      treasury: h.treasury.address,
    }),
    'update_config',
  );
  const newAuthority = await player(h, 'new authority');
  record('propose_authority', await h.proposeAuthority(newAuthority.address), {
    note: 'a config of the current size',
  });
  record('accept_authority', await h.acceptAuthority(newAuthority));
  // A config written by the previous version: 149 bytes, grown by the first proposal.
  const config = h.svm.getAccount(h.config);
  if (!config.exists) throw new Error('no config');
  h.svm.setAccount({
    ...config,
    data: Uint8Array.from(config.data).slice(0, LEGACY_CONFIG_ACCOUNT_SIZE),
    lamports: lamports(h.svm.minimumBalanceForRentExemption(BigInt(LEGACY_CONFIG_ACCOUNT_SIZE))),
    space: BigInt(LEGACY_CONFIG_ACCOUNT_SIZE),
  });
  record(
    'propose_authority (growing the config)',
    await h.proposeAuthority(h.authority.address, newAuthority),
    {
      note: `${LEGACY_CONFIG_ACCOUNT_SIZE} → ${CONFIG_ACCOUNT_SIZE} bytes, the authority paying the rent`,
    },
  );

  printComputeUnitTable({
    title: 'Foresight compute units (LiteSVM, deterministic keys)',
    rows,
    binary: { name: 'foresight.so', bytes: readFileSync(PROGRAM_SO).length, targetKiB: TARGETS.programKiB },
  });
  printBumpSpread(aliceBump, bobBump);
}

/**
 * How the cost of creating a bet spreads over bet addresses: bump 255 (one attempt) for half of them, 254 for
 * a quarter, and so on, each extra attempt costing what the two players' difference shows.
 */
function printBumpSpread(aliceBump: number, bobBump: number): void {
  const [alice, bob] = rows.filter((r) => r.instruction.startsWith('place_bet creating')).map((r) => r.cu);
  const extraAttempts = attempts(bobBump) - attempts(aliceBump);
  if (alice === undefined || bob === undefined || extraAttempts === 0) return;
  const perAttempt = (bob - alice) / BigInt(extraAttempts);
  let first = 1;
  while (alice + BigInt(first - 1) * perAttempt <= TARGETS.placeBetCreating && first < 256) first++;
  console.log(
    `place_bet creating: ${alice.toLocaleString('en-US')} CU with 1 attempt, ` +
      `+${perAttempt.toLocaleString('en-US')} CU per extra attempt; over ` +
      `${TARGETS.placeBetCreating.toLocaleString('en-US')} CU from ${plural(first, 'attempt')} ` +
      `(bump ≤ ${256 - first}), i.e. for 1 in ${2 ** (first - 1)} bet addresses.`,
  );
}

await main();
