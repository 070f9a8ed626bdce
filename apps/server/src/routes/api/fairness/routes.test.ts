/**
 * `GET /api/fairness` and `GET /api/fairness/{bet}`: validation, unknown bets, and what is shown at each
 * step of a bet's life (rows written as the indexer and the settler write them; the on-chain flow is in
 * the settler's tests and in browser-derivation.test.ts).
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { FAIRNESS_ERRORS } from '@arcade/sdk/api/fairness';
import { createHash } from 'node:crypto';

import type { BetFairnessJson, FairnessChainsJson } from '@arcade/sdk/api/history';
import { bytesToHex, hexToBytes, rollMessage, type RevealLog } from '@arcade/sdk/wager/fairness';
import { generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import { applyReveal } from '../../../workers/indexer/apply-actions.ts';
import { FairnessRepository, type SettlerChain } from '../../../workers/settler/fairness-repository.ts';
import { FAIR_ALGORITHM } from '../../../workers/settler/provably-fair.ts';

let t: TestServer;
let repo: FairnessRepository;
let chain: SettlerChain;
let seeds: readonly string[];
const START = 100n;

beforeAll(async () => {
  t = await startTestServer();
  repo = new FairnessRepository(t.db);
  // A chain committed on chain for sequences 100–104, as the settler records it.
  chain = await repo.createChain(5, 'current', new Date());
  seeds = await repo.seeds(chain);
  await t.db.query(
    `UPDATE fairness_chains SET start_sequence = $2, commit_signature = 'commit-sig', committed_at = now()
      WHERE id = $1`,
    [chain.id, START],
  );
}, 120_000);
afterAll(() => t.close());

const base58 = getBase58Decoder();
let counter = 0;
function fakeSignature(): string {
  counter += 1;
  return base58.decode(
    createHash('sha512')
      .update(`fairness-${String(counter)}`)
      .digest(),
  );
}
const hex = (label: string): string => createHash('sha256').update(label).digest('hex');

/** A `create_bet` row as the indexer writes it. */
async function insertBet(fields: {
  signature: string;
  sequence: bigint | null;
  playerSeed: string | null;
}): Promise<{ id: number; betAddress: string }> {
  const betAddress = (await generateKeyPairSigner()).address;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds, bet_amount,
       fee, listing_price, placed_at, sequence, player_seed)
     VALUES ($1, 40, 0, $2, $2, 'sol', 'So11111111111111111111111111111111111111112', 50, 25000000, 1000000,
       50000000, now(), $3, $4) RETURNING id`,
    [fields.signature, betAddress, fields.sequence, fields.playerSeed],
  );
  if (row === undefined) throw new Error('insert failed');
  return { id: row.id, betAddress };
}

/** Its reveal, recorded as the indexer and the settler record it (`applyReveal`). */
async function recordReveal(
  bet: { betAddress: string },
  reveal: { signature: string; seed: string; log: RevealLog; userPaid?: bigint },
): Promise<void> {
  await applyReveal(
    t.db,
    { signature: reveal.signature, timeMs: Date.now() },
    {
      kind: 'reveal_bet',
      source: `${reveal.signature}:0`,
      bet: bet.betAddress,
      user: bet.betAddress,
      seed: reveal.seed,
      reveal: reveal.log,
      result: null,
      referralVault: null,
      referralFee: 0n,
      vaultLamports: null,
      timestamp: null,
      userPaid: reveal.userPaid ?? 0n,
    },
  );
}

/** A reveal line that rolled the bet with sequence `sequence`. */
function rolled(sequence: bigint, roll: number, slotHash: string, afterRefund = false): RevealLog {
  return { kind: 'settled', sequence, roll, slot: 40n, slotHash: hexToBytes(slotHash), afterRefund };
}

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function fairness(signature: string): Promise<BetFairnessJson> {
  const response = await get(`/api/fairness/${signature}`);
  expect(response.statusCode).toBe(200);
  return response.json<BetFairnessJson>();
}

describe('GET /api/fairness/{bet}', () => {
  it.each([
    ['not base58', 'not-a-signature!'],
    ['too short', '5'.repeat(40)],
    ['an address', '11111111111111111111111111111111'],
    ['too long', '5'.repeat(120)],
  ])("answers 400 'Invalid signature' for %s", async (_, value) => {
    const response = await get(`/api/fairness/${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: FAIRNESS_ERRORS.invalidSignature,
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it("answers 404 'Bet not found' for an unknown signature", async () => {
    const response = await get(`/api/fairness/${fakeSignature()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: FAIRNESS_ERRORS.betNotFound,
      code: ApiErrorCode.BET_NOT_FOUND,
    });
  });

  it('shows an open bet: its place in the chain and the player seed, never the seed before its reveal', async () => {
    const signature = fakeSignature();
    const playerSeed = hex('player-open');
    const bet = await insertBet({ signature, sequence: START + 2n, playerSeed });
    expect(await fairness(signature)).toEqual({
      success: true,
      algorithm: FAIR_ALGORITHM,
      bet: {
        id: bet.id,
        signature,
        betAddress: bet.betAddress,
        user: bet.betAddress,
        odds: 50,
        state: 'Open',
        result: 'None',
        randomValue: null,
        settleSignature: null,
        refundSignature: null,
        slot: 40,
        txIndex: 0,
        sequence: Number(START) + 2,
        playerSeed,
        offChain: false,
      },
      message: null,
      messageEncoding: FAIR_ALGORITHM.message,
      seed: {
        chainId: chain.id,
        chainHead: chain.head,
        seedIndex: 3,
        seed: null,
        previousSeed: null,
        revealed: false,
      },
      reveal: null,
    });
  });

  it('shows a revealed bet: the seed and the one before it, the reveal, and the 72-byte message', async () => {
    const first = fakeSignature();
    const second = fakeSignature();
    const a = await insertBet({ signature: first, sequence: START, playerSeed: hex('player-a') });
    const b = await insertBet({ signature: second, sequence: START + 1n, playerSeed: hex('player-b') });
    const slotHash = hex('slot');
    await recordReveal(a, { signature: 'reveal-a', seed: seeds[1]!, log: rolled(START, 42, slotHash) });
    await recordReveal(b, { signature: 'reveal-b', seed: seeds[2]!, log: rolled(START + 1n, 7, slotHash) });

    const shownA = await fairness(first);
    // The chain's first bet links to the head.
    expect(shownA.seed).toEqual({
      chainId: chain.id,
      chainHead: chain.head,
      seedIndex: 1,
      seed: seeds[1],
      previousSeed: chain.head,
      revealed: true,
    });
    const shownB = await fairness(second);
    // The next one links to the seed revealed before it.
    expect(shownB.seed).toMatchObject({
      seedIndex: 2,
      seed: seeds[2],
      previousSeed: seeds[1],
      revealed: true,
    });
    expect(shownB.reveal).toEqual({
      signature: 'reveal-b',
      outcome: 'settled',
      reason: null,
      roll: 7,
      slotHash,
      afterRefund: false,
      lateWinAmount: null,
    });
    expect(shownB.bet).toMatchObject({
      state: 'Settled',
      result: 'Win',
      randomValue: 7,
      settleSignature: 'reveal-b',
    });
    expect(shownB.message).toBe(
      bytesToHex(
        rollMessage({
          sequence: START + 1n,
          playerSeed: Buffer.from(hex('player-b'), 'hex'),
          slotHash: Buffer.from(slotHash, 'hex'),
        }),
      ),
    );
    expect(shownB.message).toHaveLength(144);
    expect(createHash('sha256').update(Buffer.from(shownB.seed!.seed!, 'hex')).digest('hex')).toBe(
      shownB.seed!.previousSeed,
    );
  });

  it('shows a bet its reveal refunded, its slot hash expired: the seed (the chain moved on), no roll, no message', async () => {
    const signature = fakeSignature();
    const bet = await insertBet({ signature, sequence: START + 3n, playerSeed: hex('player-late') });
    await recordReveal(bet, {
      signature: 'reveal-late',
      seed: seeds[4]!,
      log: { kind: 'refunded', sequence: START + 3n, reason: 'expired' },
      userPaid: 26_000_000n,
    });
    const shown = await fairness(signature);
    expect(shown.reveal).toEqual({
      signature: 'reveal-late',
      outcome: 'refunded',
      reason: 'expired',
      roll: null,
      slotHash: null,
      afterRefund: false,
      lateWinAmount: null,
    });
    expect(shown.bet).toMatchObject({ state: 'Refunded', randomValue: null, refundSignature: 'reveal-late' });
    expect(shown.message).toBeNull();
    expect(shown.seed).toMatchObject({
      seedIndex: 4,
      seed: seeds[4],
      previousSeed: seeds[3],
      revealed: true,
    });
  });

  it('shows bets rolled after their refund: the roll, the captured hash, and the rest of the prize a win is paid', async () => {
    const slotHash = hex('captured');
    // Prize 0.05 SOL, stake 0.025 SOL, fee 0.001 SOL: a late win is paid 0.024 SOL on top of the refund.
    // (Sequences past the chain above: their seeds are not what this test is about.)
    const late = 24_000_000n;
    const [win, loss, earlier] = [fakeSignature(), fakeSignature(), fakeSignature()];
    const bets = [
      await insertBet({ signature: win, sequence: START + 10n, playerSeed: hex('player-w') }),
      await insertBet({ signature: loss, sequence: START + 11n, playerSeed: hex('player-l') }),
      await insertBet({ signature: earlier, sequence: START + 12n, playerSeed: hex('player-e') }),
    ];
    for (const bet of bets) {
      await t.db.query(
        `UPDATE bets SET state = 'Refunded', refund_signature = 'refund-' || id WHERE id = $1`,
        [bet.id],
      );
    }
    await recordReveal(bets[0]!, {
      signature: 'reveal-w',
      seed: hex('seed-w'),
      log: rolled(START + 10n, 12, slotHash, true),
      userPaid: late,
    });
    await recordReveal(bets[1]!, {
      signature: 'reveal-l',
      seed: hex('seed-l'),
      log: rolled(START + 11n, 77, slotHash, true),
    });
    await recordReveal(bets[2]!, {
      signature: 'reveal-e',
      seed: hex('seed-e'),
      log: { kind: 'refunded', sequence: START + 12n, reason: 'earlier' },
    });

    const shownWin = await fairness(win);
    expect(shownWin.reveal).toEqual({
      signature: 'reveal-w',
      outcome: 'settled',
      reason: null,
      roll: 12,
      slotHash,
      afterRefund: true,
      lateWinAmount: String(late),
    });
    expect(shownWin.bet).toMatchObject({
      state: 'Claimed',
      result: 'Win',
      randomValue: 12,
      settleSignature: 'reveal-w',
      refundSignature: `refund-${String(bets[0]!.id)}`,
    });
    // The roll re-derives from the captured hash as from any other.
    expect(shownWin.message).toBe(
      bytesToHex(
        rollMessage({
          sequence: START + 10n,
          playerSeed: hexToBytes(hex('player-w')),
          slotHash: hexToBytes(slotHash),
        }),
      ),
    );

    const shownLoss = await fairness(loss);
    expect(shownLoss.reveal).toMatchObject({
      outcome: 'settled',
      roll: 77,
      afterRefund: true,
      lateWinAmount: null,
    });
    expect(shownLoss.bet).toMatchObject({ state: 'Refunded', result: 'Loss', randomValue: 77 });

    const shownEarlier = await fairness(earlier);
    expect(shownEarlier.reveal).toEqual({
      signature: 'reveal-e',
      outcome: 'refunded',
      reason: 'earlier',
      roll: null,
      slotHash: null,
      afterRefund: false,
      lateWinAmount: null,
    });
    expect(shownEarlier.bet).toMatchObject({
      state: 'Refunded',
      result: 'None',
      randomValue: null,
      refundSignature: `refund-${String(bets[2]!.id)}`,
    });
    expect(shownEarlier.message).toBeNull();
  });

  it("shows one of the spec's off-chain bets as such: no sequence, no player seed, no reveal", async () => {
    const signature = fakeSignature();
    await insertBet({ signature, sequence: null, playerSeed: null });
    const shown = await fairness(signature);
    expect(shown.bet).toMatchObject({ offChain: true, sequence: null, playerSeed: null });
    expect(shown).toMatchObject({ seed: null, reveal: null, message: null });
  });

  it('picks the bet of a transaction that opened several by its record (?record=)', async () => {
    const signature = fakeSignature();
    const a = await insertBet({ signature, sequence: START + 4n, playerSeed: hex('x') });
    const response = await get(`/api/fairness/${signature}?record=${a.betAddress}`);
    expect(response.json<BetFairnessJson>().bet.betAddress).toBe(a.betAddress);
  });
});

describe('GET /api/fairness', () => {
  it('lists the chains with where they start and their commit, never a secret', async () => {
    const next = await repo.createChain(5, 'next', new Date());
    const response = await get('/api/fairness');
    expect(response.statusCode).toBe(200);
    const body = response.json<FairnessChainsJson>();
    expect(body.algorithm).toEqual(FAIR_ALGORITHM);
    expect(body.current).toMatchObject({
      id: chain.id,
      head: chain.head,
      length: 5,
      startSequence: Number(START),
      commitSignature: 'commit-sig',
      status: 'current',
    });
    // Written, not committed yet: no start, no commit.
    expect(body.next).toMatchObject({
      id: next.id,
      startSequence: null,
      commitSignature: null,
      status: 'next',
    });
    expect(body.chains.map((c) => c.id)).toEqual([next.id, chain.id]);
    expect(response.body).not.toMatch(/secret/);
    const rows = await t.db.query<{ secret: string }>('SELECT secret FROM fairness_chains');
    for (const row of rows) expect(response.body).not.toContain(row.secret);
    // No seed that is not revealed yet either.
    expect(response.body).not.toContain(seeds[5]);
  });
});
