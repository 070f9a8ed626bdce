import {
  getCreatePredictionInstructionDataCodec,
  getUpdatePredictionInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { findPredictionAddress } from '@arcade/sdk/wager/pda';
import { beforeEach, describe, expect, it } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { TEST_ADDRESSES } from '../testing/fake-chain.ts';
import { predictionAction, predictionInstruction, SideLockedError } from './place-prediction.ts';

const { market, player, wager } = TEST_ADDRESSES;

beforeEach(() => {
  setRuntimeConfig({
    cluster: 'localnet',
    rpcUrl: '/rpc',
    rpcFallbackUrl: null,
    rpcWsUrl: '/rpc',
    programs: { wager, foresight: wager },
    mints: { juice: player, usdc: player, usdt: player },
    priceAccount: player,
    admins: [],
    communityChatUrl: 'https://discord.com',
    socialUrl: 'https://x.com',
    announcement: null,
  });
});

describe('create or update', () => {
  it('creates the first prediction, updates one on the same side, refuses the other side', () => {
    expect(predictionAction(null, 'yes')).toBe('create');
    expect(predictionAction({ side: 'no', amount: 1n, isClaimed: false }, 'no')).toBe('update');
    expect(() => predictionAction({ side: 'no', amount: 1n, isClaimed: false }, 'yes')).toThrow(
      SideLockedError,
    );
  });

  it('builds create_prediction with the side and amount for a new prediction', async () => {
    const instruction = await predictionInstruction(
      market,
      player,
      { side: 'no', amount: 50_000_000n },
      null,
    );
    expect(instruction.programAddress).toBe(wager);
    expect(identifyWagerInstruction(instruction.data!)).toBe('create_prediction');
    expect(getCreatePredictionInstructionDataCodec().decode(instruction.data!)).toEqual({
      amount: 50_000_000n,
      result: MarketResult.No,
    });
    const [prediction] = await findPredictionAddress(market, player, { programAddress: wager });
    expect(instruction.accounts?.map((a) => a.address)).toContain(prediction);
    expect(instruction.accounts?.[0]?.address).toBe(player);
  });

  it('builds update_prediction with the amount added for an existing one', async () => {
    const instruction = await predictionInstruction(
      market,
      player,
      { side: 'yes', amount: 20_000_000n },
      { side: 'yes', amount: 1n, isClaimed: false },
    );
    expect(identifyWagerInstruction(instruction.data!)).toBe('update_prediction');
    expect(getUpdatePredictionInstructionDataCodec().decode(instruction.data!).amount).toBe(20_000_000n);
  });
});
