/**
 * Runs the local chain on its own, booted (keys, programs, Pyth publisher, seed: docs/localnet.md), and
 * prints its JSON-RPC and PubSub URLs.
 *
 * Usage: `node packages/localnet/src/cli.ts [--port 8899] [--pubsub-port <port + 1>] [--host 127.0.0.1]
 * [--slot-ms 400] [--data-dir ./.data/localnet] [--save-interval-ms 10000] [--foresight-timelock 300] [--no-seed]
 * [--limit-ledger-size 10000]`
 *
 * `--limit-ledger-size` bounds the transaction history the node keeps (see `LocalChainOptions.ledgerLimit`).
 * The chain's state is restored from `<data-dir>/chain-state.bin` when present, saved there every
 * `--save-interval-ms` (0: only on exit) and on SIGINT/SIGTERM.
 *
 * @module
 */

import './no-native-ws.ts';

import { parseArgs } from 'node:util';

import { bootLocalnet } from './boot/boot.ts';
import { DEFAULT_DATA_DIR } from './boot/keys.ts';
import {
  ChainSaver,
  ChainStateError,
  chainStatePath,
  DEFAULT_SAVE_INTERVAL_MS,
  restoreLocalChain,
} from './chain/chain-state.ts';
import { DEFAULT_LEDGER_LIMIT, LocalChain } from './chain/local-chain.ts';
import { startPubsubServer } from './pubsub/pubsub-server.ts';
import { startRpcServer } from './rpc/rpc-server.ts';

function wholeNumber(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`localnet: --${name} must be a whole number, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return number;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8899' },
    'pubsub-port': { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    'slot-ms': { type: 'string', default: '400' },
    'data-dir': { type: 'string', default: DEFAULT_DATA_DIR },
    'save-interval-ms': { type: 'string', default: String(DEFAULT_SAVE_INTERVAL_MS) },
    'foresight-timelock': { type: 'string', default: '300' },
    'no-seed': { type: 'boolean', default: false },
    'limit-ledger-size': { type: 'string', default: String(DEFAULT_LEDGER_LIMIT) },
  },
});

const slotMs = Math.max(1, wholeNumber(values['slot-ms'], 'slot-ms'));
const saveIntervalMs = wholeNumber(values['save-interval-ms'], 'save-interval-ms');
const ledgerLimit = wholeNumber(values['limit-ledger-size'], 'limit-ledger-size');
const statePath = chainStatePath(values['data-dir']);
let restored: { readonly chain: LocalChain; readonly restored: boolean };
try {
  restored = restoreLocalChain(statePath, (state) => new LocalChain({ slotMs, state, ledgerLimit }));
} catch (error) {
  if (!(error instanceof ChainStateError)) throw error;
  console.error(`localnet: ${error.message}`);
  process.exit(1);
}
const { chain } = restored;
console.log(
  restored.restored
    ? `localnet: restored the chain from ${statePath} (slot ${chain.slot}, ${chain.transactionCount} transactions)`
    : `localnet: a new chain, saved to ${statePath}`,
);
const saver = new ChainSaver({ chain, path: statePath, intervalMs: saveIntervalMs });
const boot = await bootLocalnet({
  chain,
  dataDir: values['data-dir'],
  foresightTimelock: Math.max(1, wholeNumber(values['foresight-timelock'], 'foresight-timelock')),
  noSeed: values['no-seed'],
});
chain.start();
saver.start();
const port = wholeNumber(values.port, 'port');
const server = await startRpcServer({ chain, port, host: values.host });
// As solana-test-validator: PubSub on the RPC port + 1 (any free port when the RPC's was picked freely).
const pubsubPort =
  values['pubsub-port'] === undefined
    ? port === 0
      ? 0
      : server.port + 1
    : wholeNumber(values['pubsub-port'], 'pubsub-port');
const pubsub = await startPubsubServer({ chain, port: pubsubPort, host: values.host });
console.log(
  `localnet: JSON-RPC on ${server.url}, PubSub on ${pubsub.url} (genesis ${chain.genesisHash}, a slot every ${chain.slotMs} ms)`,
);
console.log(
  `localnet: wager ${boot.programs.wager.address} (${boot.programs.wager.action}), foresight ${boot.programs.foresight.address} (${boot.programs.foresight.action}), upgrade authority ${boot.addresses.upgradeAuthority}, SOL/USD price ${boot.priceAccount}${boot.seed ? '' : ' (not seeded)'}; keys in ${values['data-dir']}/keys`,
);

if (boot.mints && boot.nfts) {
  console.log(
    `localnet: mints juice ${boot.mints.juice} (authority ${boot.addresses.juiceAuthority}), usdc ${boot.mints.usdc}, usdt ${boot.mints.usdt} (authority ${boot.addresses.tokenAuthority})${boot.mints.created.length > 0 ? `; created ${boot.mints.created.join(', ')}` : ''}`,
  );
  console.log(
    `localnet: ${boot.nfts.manifest.items.length} NFTs (${boot.nfts.minted.length} minted now) held by the marketplace ${boot.addresses.marketplace}; manifest ${boot.nfts.manifestPath}`,
  );
}

async function shutDown(): Promise<void> {
  chain.stop();
  boot.stop();
  await Promise.all([server.close(), pubsub.close()]);
  let code = 0;
  try {
    await saver.close();
    console.log(`localnet: saved the chain to ${statePath} (slot ${chain.slot})`);
  } catch (error) {
    console.error(`localnet: saving the chain to ${statePath} failed`, error);
    code = 1;
  }
  process.exit(code);
}
process.once('SIGINT', () => void shutDown());
process.once('SIGTERM', () => void shutDown());
