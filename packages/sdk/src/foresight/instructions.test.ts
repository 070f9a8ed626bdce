import { createHash } from 'node:crypto';

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import {
  AccountRole,
  createNoopSigner,
  getAddressDecoder,
  getSignersFromInstruction,
  isSignerRole,
  isWritableRole,
  type Address,
} from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { FORESIGHT_TIMELOCK_SECS } from '../constants.ts';
import { address, prediction, u32, u64 } from '../../test/arbitraries.ts';
import { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';
import { Prediction } from './accounts.ts';
import {
  FORESIGHT_INSTRUCTION_DISCRIMINATORS,
  FORESIGHT_INSTRUCTION_NAMES,
  getAcceptAuthorityInstruction,
  getAcceptAuthorityInstructionDataCodec,
  getCloseBetInstruction,
  getCloseBetInstructionAsync,
  getCloseBetInstructionDataCodec,
  getCloseEventInstruction,
  getCloseEventInstructionDataCodec,
  getCreateConfigInstruction,
  getCreateConfigInstructionAsync,
  getCreateConfigInstructionDataCodec,
  getCreateEventInstruction,
  getCreateEventInstructionAsync,
  getCreateEventInstructionDataCodec,
  getLockAndSettleEventsInstruction,
  getLockAndSettleEventsInstructionDataCodec,
  getPlaceBetInstruction,
  getPlaceBetInstructionAsync,
  getPlaceBetInstructionDataCodec,
  getProposeAuthorityInstruction,
  getProposeAuthorityInstructionDataCodec,
  getSettleBetInstruction,
  getSettleBetInstructionAsync,
  getSettleBetInstructionDataCodec,
  getUpdateConfigInstruction,
  getUpdateConfigInstructionDataCodec,
  getWithdrawBetInstruction,
  getWithdrawBetInstructionAsync,
  getWithdrawBetInstructionDataCodec,
  identifyForesightInstruction,
  toPrediction,
  type ForesightInstruction,
  type ForesightInstructionName,
  type SignerInput,
} from './instructions.ts';
import { findBetAddress, findConfigAddress, findEventAddress } from './pda.ts';
import { FORESIGHT_PROGRAM_ADDRESS, SOL_USD_FEED_ID } from './program.ts';

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));

/** Each builder, called with the named accounts of `a` and fixed args. */
const builders: Record<
  ForesightInstructionName,
  (a: Record<string, Address>, s: (name: string) => SignerInput) => ForesightInstruction
> = {
  create_config: (a, s) =>
    getCreateConfigInstruction({
      authority: s('authority'),
      config: a.config!,
      priceUpdate: a.priceUpdate!,
      eventSigner: a.eventSigner!,
      treasury: a.treasury!,
      programData: a.programData!,
      timelock: 300,
    }),
  update_config: (a, s) =>
    getUpdateConfigInstruction({
      authority: s('authority'),
      config: a.config!,
      disabled: true,
      eventSigner: a.eventSigner!,
      treasury: a.treasury!,
    }),
  propose_authority: (a, s) =>
    getProposeAuthorityInstruction({
      authority: s('authority'),
      config: a.config!,
      newAuthority: addressOf(90),
    }),
  accept_authority: (a, s) =>
    getAcceptAuthorityInstruction({ newAuthority: s('newAuthority'), config: a.config! }),
  create_event: (a, s) =>
    getCreateEventInstruction({ payer: s('payer'), config: a.config!, event: a.event!, id: 2 }),
  close_event: (a, s) =>
    getCloseEventInstruction({
      eventSigner: s('eventSigner'),
      config: a.config!,
      event: a.event!,
      treasury: a.treasury!,
    }),
  lock_and_settle_events: (a, s) =>
    getLockAndSettleEventsInstruction({
      cranker: s('cranker'),
      config: a.config!,
      lockedEvent: a.lockedEvent!,
      liveEvent: a.liveEvent!,
      nextEvent: a.nextEvent!,
      priceUpdate: a.priceUpdate!,
      treasury: a.treasury!,
    }),
  place_bet: (a, s) =>
    getPlaceBetInstruction({
      user: s('user'),
      config: a.config!,
      event: a.event!,
      bet: a.bet!,
      prediction: 'up',
      amount: 10_000_000n,
    }),
  settle_bet: (a) =>
    getSettleBetInstruction({ user: a.user!, config: a.config!, event: a.event!, bet: a.bet! }),
  withdraw_bet: (a) =>
    getWithdrawBetInstruction({ user: a.user!, config: a.config!, event: a.event!, bet: a.bet! }),
  close_bet: (a, s) => getCloseBetInstruction({ user: s('user'), event: a.event!, bet: a.bet! }),
};

describe('instruction accounts', () => {
  it('cover every IDL instruction, in IDL order', () => {
    expect(idl.instructions.map((i) => i.name)).toEqual([...FORESIGHT_INSTRUCTION_NAMES]);
  });

  for (const instruction of idl.instructions) {
    const name = instruction.name as ForesightInstructionName;
    for (const signerKind of ['TransactionSigner', 'Address'] as const) {
      it(`${name}: metas match the IDL's names, order, writable and signer flags (${signerKind})`, () => {
        const byName: Record<string, Address> = {};
        instruction.accounts.forEach((account, i) => {
          byName[camel(account.name)] =
            'address' in account ? (account.address as Address) : addressOf(i + 1);
        });
        const signers = new Map<string, ReturnType<typeof createNoopSigner>>();
        const built = builders[name](byName, (key) => {
          if (signerKind === 'Address') return byName[key]!;
          const signer = createNoopSigner(byName[key]!);
          signers.set(key, signer);
          return signer;
        });

        expect(built.programAddress).toBe(FORESIGHT_PROGRAM_ADDRESS);
        expect(built.accounts.map((m) => m.address)).toEqual(
          instruction.accounts.map((a) => byName[camel(a.name)]),
        );
        expect(
          built.accounts.map((m) => ({ writable: isWritableRole(m.role), signer: isSignerRole(m.role) })),
        ).toEqual(
          instruction.accounts.map((a) => ({
            writable: 'writable' in a && a.writable,
            signer: 'signer' in a && a.signer,
          })),
        );
        // A TransactionSigner rides on its meta, where kit's signing helpers look for it.
        expect(getSignersFromInstruction(built)).toEqual([...signers.values()]);
        expect([...built.data.subarray(0, 8)]).toEqual(instruction.discriminator);
      });
    }
  }

  it('lock_and_settle_events puts the program itself, read-only, for a missing locked round', () => {
    const input = {
      cranker: addressOf(1),
      config: addressOf(2),
      liveEvent: addressOf(4),
      nextEvent: addressOf(5),
      priceUpdate: addressOf(6),
      treasury: addressOf(7),
    };
    for (const built of [
      getLockAndSettleEventsInstruction(input),
      getLockAndSettleEventsInstruction({ ...input, lockedEvent: null }),
    ]) {
      expect(built.accounts[2]).toEqual({ address: FORESIGHT_PROGRAM_ADDRESS, role: AccountRole.READONLY });
      expect(built.accounts).toHaveLength(7);
    }
    const other = addressOf(99);
    expect(getLockAndSettleEventsInstruction(input, { programAddress: other }).accounts[2]!.address).toBe(
      other,
    );
  });

  it('update_config passes the program itself, read-only, for a signer or treasury it keeps', () => {
    const input = { authority: addressOf(1), config: addressOf(2), disabled: false };
    const absent = { address: FORESIGHT_PROGRAM_ADDRESS, role: AccountRole.READONLY };
    const optional = idl.instructions
      .flatMap((i) =>
        i.accounts.filter((a) => 'optional' in a && a.optional).map((a) => `${i.name}.${a.name}`),
      )
      .filter((name) => name.startsWith('update_config.'));
    expect(optional).toEqual(['update_config.event_signer', 'update_config.treasury']);
    for (const built of [
      getUpdateConfigInstruction(input),
      getUpdateConfigInstruction({ ...input, eventSigner: null, treasury: null }),
    ]) {
      expect(built.accounts).toHaveLength(4);
      expect(built.accounts.slice(2)).toEqual([absent, absent]);
    }
    const rotated = getUpdateConfigInstruction({ ...input, treasury: addressOf(3) });
    expect(rotated.accounts.slice(2)).toEqual([
      absent,
      { address: addressOf(3), role: AccountRole.READONLY },
    ]);
    const signer = getUpdateConfigInstruction({ ...input, eventSigner: addressOf(4) });
    expect(signer.accounts.slice(2)).toEqual([{ address: addressOf(4), role: AccountRole.READONLY }, absent]);
    const other = addressOf(99);
    expect(getUpdateConfigInstruction(input, { programAddress: other }).accounts[3]!.address).toBe(other);
  });

  it('propose_authority passes the system program, to grow a config of the first version', () => {
    const built = getProposeAuthorityInstruction({
      authority: addressOf(1),
      config: addressOf(2),
      newAuthority: addressOf(3),
    });
    expect(built.accounts[2]).toEqual({ address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY });
    expect([...built.data.subarray(8)]).toEqual(new Array<number>(32).fill(3));
  });

  it('build for another deployment', () => {
    const other = addressOf(99);
    const built = getUpdateConfigInstruction(
      { authority: addressOf(1), config: addressOf(2), disabled: false },
      { programAddress: other },
    );
    expect(built.programAddress).toBe(other);
  });
});

describe('instruction data', () => {
  it('discriminators are sha256("global:<name>")[0..8]', () => {
    for (const name of FORESIGHT_INSTRUCTION_NAMES) {
      const digest = createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
      expect([...FORESIGHT_INSTRUCTION_DISCRIMINATORS[name]]).toEqual([...digest]);
    }
  });

  it('round-trips the args of every instruction', () => {
    fc.assert(
      fc.property(
        u32(),
        u32(),
        prediction(),
        u64(),
        fc.boolean(),
        address(),
        (timelock, id, p, amount, disabled, newAuthority) => {
          const createConfig = getCreateConfigInstructionDataCodec();
          expect(createConfig.decode(createConfig.encode({ timelock }))).toEqual({ timelock });
          const createEvent = getCreateEventInstructionDataCodec();
          expect(createEvent.decode(createEvent.encode({ id }))).toEqual({ id });
          const placeBet = getPlaceBetInstructionDataCodec();
          const bytes = placeBet.encode({ prediction: p, amount });
          expect(bytes.length).toBe(8 + 1 + 8);
          expect(placeBet.decode(bytes)).toEqual({ prediction: p, amount });
          const updateConfig = getUpdateConfigInstructionDataCodec();
          expect(updateConfig.decode(updateConfig.encode({ disabled }))).toEqual({ disabled });
          const propose = getProposeAuthorityInstructionDataCodec();
          expect(propose.encode({ newAuthority }).length).toBe(8 + 32);
          expect(propose.decode(propose.encode({ newAuthority }))).toEqual({ newAuthority });
        },
      ),
    );
    for (const codec of [
      getAcceptAuthorityInstructionDataCodec(),
      getCloseEventInstructionDataCodec(),
      getLockAndSettleEventsInstructionDataCodec(),
      getSettleBetInstructionDataCodec(),
      getWithdrawBetInstructionDataCodec(),
      getCloseBetInstructionDataCodec(),
    ]) {
      const bytes = codec.encode({});
      expect(bytes.length).toBe(8);
      expect(codec.decode(bytes)).toEqual({});
    }
  });

  it('lays out the args in Borsh: u32 LE, enum byte then u64 LE, bool byte', () => {
    const data = (i: ForesightInstruction) => [...i.data.subarray(8)];
    const a = addressOf(1);
    expect(data(getCreateEventInstruction({ payer: a, config: a, event: a, id: 0x0102_0304 }))).toEqual([
      4, 3, 2, 1,
    ]);
    expect(
      data(
        getPlaceBetInstruction({ user: a, config: a, event: a, bet: a, prediction: 'down', amount: 258n }),
      ),
    ).toEqual([2, 2, 1, 0, 0, 0, 0, 0, 0]);
    expect(data(getUpdateConfigInstruction({ authority: a, config: a, disabled: true }))).toEqual([1]);
    expect(
      data(
        getCreateConfigInstruction({
          authority: a,
          config: a,
          priceUpdate: a,
          eventSigner: a,
          treasury: a,
          programData: a,
        }),
      ),
    ).toEqual([44, 1, 0, 0]);
    expect(FORESIGHT_TIMELOCK_SECS).toBe(300);
  });

  it('rejects a wrong discriminator', () => {
    const placeBet = getPlaceBetInstruction({
      user: addressOf(1),
      config: addressOf(2),
      event: addressOf(3),
      bet: addressOf(4),
      prediction: Prediction.Up,
      amount: 1n,
    });
    expect(() => getSettleBetInstructionDataCodec().decode(placeBet.data)).toThrow(
      /Not a Foresight settle_bet instruction data/,
    );
  });

  it('identifies the instruction from its data', () => {
    for (const name of FORESIGHT_INSTRUCTION_NAMES) {
      expect(identifyForesightInstruction(FORESIGHT_INSTRUCTION_DISCRIMINATORS[name])).toBe(name);
    }
    expect(identifyForesightInstruction(new Uint8Array(8))).toBeNull();
    expect(identifyForesightInstruction(new Uint8Array(2))).toBeNull();
  });
});

describe('predictions', () => {
  it("accept the spec's lower-case variants, the enum values and the names", () => {
    expect(toPrediction('up')).toBe(Prediction.Up);
    expect(toPrediction('down')).toBe(Prediction.Down);
    expect(toPrediction('Down')).toBe(Prediction.Down);
    expect(toPrediction(Prediction.Up)).toBe(Prediction.Up);
    // The program rejects None and Invalid (InvalidPrediction); the client can still send them.
    expect(toPrediction(Prediction.Invalid)).toBe(Prediction.Invalid);
  });
});

describe('async builders', () => {
  const user = createNoopSigner(addressOf(11));
  const config = addressOf(12);
  const event = addressOf(13);

  it('derive the config from the feed id', async () => {
    const built = await getCreateConfigInstructionAsync({
      authority: createNoopSigner(addressOf(1)),
      feedId: SOL_USD_FEED_ID,
      priceUpdate: addressOf(2),
      eventSigner: addressOf(3),
      treasury: addressOf(4),
    });
    expect(built.accounts[1]!.address).toBe((await findConfigAddress(SOL_USD_FEED_ID))[0]);
  });

  it('derive the event from the config and id', async () => {
    const built = await getCreateEventInstructionAsync({ payer: addressOf(1), config, id: 5 });
    expect(built.accounts[2]!.address).toBe((await findEventAddress(config, 5))[0]);
  });

  it('derive the bet from the event and user', async () => {
    const [bet] = await findBetAddress(event, user.address);
    const place = await getPlaceBetInstructionAsync({ user, config, event, prediction: 'up', amount: 1n });
    expect(place.accounts[3]!.address).toBe(bet);
    const settle = await getSettleBetInstructionAsync({ user: user.address, config, event });
    expect(settle.accounts[3]!.address).toBe(bet);
    const withdraw = await getWithdrawBetInstructionAsync({ user: user.address, config, event });
    expect(withdraw.accounts[3]!.address).toBe(bet);
    const close = await getCloseBetInstructionAsync({ user, event });
    expect(close.accounts[2]!.address).toBe(bet);
  });
});
