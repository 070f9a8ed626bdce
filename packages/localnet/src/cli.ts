/**
 * Runs the local chain on its own, booted (keys, programs, Pyth publisher, seed: docs/localnet.md), and
 * prints its JSON-RPC and PubSub URLs.
 *
 * Usage: `node packages/localnet/src/cli.ts [--port 8899] [--pubsub-port <port + 1>] [--host 127.0.0.1]
 * [--slot-ms 400] [--data-dir ./.data/localnet] [--foresight-timelock 300] [--no-seed]`
 *
 * @module
 */

import './no-native-ws.ts';

import { parseArgs } from 'node:util';

import { bootLocalnet } from './boot/boot.ts';
import { DEFAULT_DATA_DIR } from './boot/keys.ts';
import { LocalChain } from './chain/local-chain.ts';
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
    'foresight-timelock': { type: 'string', default: '300' },
    'no-seed': { type: 'boolean', default: false },
  },
});

const chain = new LocalChain({ slotMs: Math.max(1, wholeNumber(values['slot-ms'], 'slot-ms')) });
const boot = await bootLocalnet({
  chain,
  dataDir: values['data-dir'],
  foresightTimelock: Math.max(1, wholeNumber(values['foresight-timelock'], 'foresight-timelock')),
  noSeed: values['no-seed'],
});
chain.start();
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

async function shutDown(): Promise<void> {
  chain.stop();
  boot.stop();
  await Promise.all([server.close(), pubsub.close()]);
  process.exit(0);
}
process.once('SIGINT', () => void shutDown());
process.once('SIGTERM', () => void shutDown());
