/**
 * Epoch arithmetic of Solana's `EpochSchedule`, warmup included (epochs of 32, 64, … slots until the
 * first normal epoch; without warmup the first normal epoch and slot are 0), as `getEpochInfo` and the
 * Clock sysvar report it.
 *
 * @module
 */

/** The fields of LiteSVM's `EpochSchedule` the arithmetic needs. */
export interface EpochScheduleConfig {
  readonly slotsPerEpoch: bigint;
  readonly firstNormalEpoch: bigint;
  readonly firstNormalSlot: bigint;
}

/** Where a slot falls in the schedule. */
export interface EpochPosition {
  readonly epoch: bigint;
  readonly slotIndex: bigint;
  readonly slotsInEpoch: bigint;
}

const MINIMUM_SLOTS_PER_EPOCH = 32n;
/** log2 of {@link MINIMUM_SLOTS_PER_EPOCH}. */
const MINIMUM_SLOTS_PER_EPOCH_LOG2 = 5n;

function log2Ceil(value: bigint): bigint {
  // The exponent of the next power of two at or above `value`.
  let exponent = 0n;
  while (1n << exponent < value) exponent++;
  return exponent;
}

/** Slots in `epoch`. */
export function slotsInEpoch(schedule: EpochScheduleConfig, epoch: bigint): bigint {
  if (epoch < schedule.firstNormalEpoch) {
    return 1n << (epoch + MINIMUM_SLOTS_PER_EPOCH_LOG2);
  }
  return schedule.slotsPerEpoch;
}

/**
 * The epoch of `slot` and the slot's index within it (Agave's `get_epoch_and_slot_index`).
 *
 * @example epochPosition(schedule, 100n) // with warmup: { epoch: 2n, slotIndex: 4n, slotsInEpoch: 128n }
 */
export function epochPosition(schedule: EpochScheduleConfig, slot: bigint): EpochPosition {
  if (slot < schedule.firstNormalSlot) {
    const epoch = log2Ceil(slot + MINIMUM_SLOTS_PER_EPOCH + 1n) - MINIMUM_SLOTS_PER_EPOCH_LOG2 - 1n;
    const length = 1n << (epoch + MINIMUM_SLOTS_PER_EPOCH_LOG2);
    return { epoch, slotIndex: slot - (length - MINIMUM_SLOTS_PER_EPOCH), slotsInEpoch: length };
  }
  const normalSlot = slot - schedule.firstNormalSlot;
  const epoch = schedule.firstNormalEpoch + normalSlot / schedule.slotsPerEpoch;
  return { epoch, slotIndex: normalSlot % schedule.slotsPerEpoch, slotsInEpoch: schedule.slotsPerEpoch };
}
