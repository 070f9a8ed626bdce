/**
 * Cluster methods: getVersion, getHealth, getGenesisHash, getSlot, getBlockHeight, getEpochInfo,
 * getEpochSchedule and getTransactionCount.
 *
 * @module
 */

import { createHash } from 'node:crypto';

import { FeatureSet } from 'litesvm';

import type { LocalChain } from '../../chain/local-chain.ts';
import { u64, type RpcHandler } from '../json-rpc.ts';
import { checkContext, commitmentOf, configParam } from '../params.ts';
import { API_VERSION } from '../response-context.ts';

/**
 * Agave's `feature-set` number identifies the set of runtime features a node knows: the first four
 * bytes of a hash over the feature ids. The node computes it over LiteSVM's features the same way.
 */
function featureSetId(): number {
  const features = FeatureSet.allEnabled();
  const ids = [...features.getActiveFeatures(), ...features.getInactiveFeatures()]
    .map((id) => Buffer.from(id))
    .sort((a, b) => Buffer.compare(a, b));
  const digest = createHash('sha256');
  for (const id of ids) digest.update(id);
  return digest.digest().readUInt32LE(0);
}

/**
 * The slot `getSlot` and `getBlockHeight` answer for a configuration, as a validator's banks would:
 * `processed` is the current slot (where transactions land), `confirmed` and `finalized` (the default)
 * the newest slot that has ended, which is also the newest SlotHashes lists, so it can serve as an
 * address lookup table's recent slot. `minContextSlot` is checked against that slot.
 */
function slotAtCommitment(chain: LocalChain, config: Readonly<Record<string, unknown>>): bigint {
  const slot = commitmentOf(config) === 'processed' ? chain.slot : chain.lastEndedSlot;
  checkContext(config, slot);
  return slot;
}

/** The cluster methods of `chain`. */
export function clusterMethods(chain: LocalChain): Record<string, RpcHandler> {
  const version = { 'feature-set': featureSetId(), 'solana-core': API_VERSION };
  return {
    getVersion: () => version,
    getHealth: () => 'ok',
    getGenesisHash: () => chain.genesisHash,
    // Every slot has a block, so the block height is the slot's.
    getSlot: (params) => u64(slotAtCommitment(chain, configParam(params[0], 'RpcContextConfig'))),
    getBlockHeight: (params) => u64(slotAtCommitment(chain, configParam(params[0], 'RpcContextConfig'))),
    getTransactionCount: (params) => {
      checkContext(configParam(params[0], 'RpcContextConfig'), chain.slot);
      return u64(chain.transactionCount);
    },
    getEpochInfo: (params) => {
      checkContext(configParam(params[0], 'RpcContextConfig'), chain.slot);
      const { epoch, slotIndex, slotsInEpoch } = chain.epochPosition();
      return {
        absoluteSlot: u64(chain.slot),
        blockHeight: u64(chain.blockHeight),
        epoch: u64(epoch),
        slotIndex: u64(slotIndex),
        slotsInEpoch: u64(slotsInEpoch),
        transactionCount: u64(chain.transactionCount),
      };
    },
    getEpochSchedule: () => {
      const schedule = chain.svm.getEpochSchedule();
      return {
        firstNormalEpoch: u64(schedule.firstNormalEpoch),
        firstNormalSlot: u64(schedule.firstNormalSlot),
        leaderScheduleSlotOffset: u64(schedule.leaderScheduleSlotOffset),
        slotsPerEpoch: u64(schedule.slotsPerEpoch),
        warmup: schedule.warmup,
      };
    },
  };
}
