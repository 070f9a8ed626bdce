/**
 * Runs the local chain on its own and prints its JSON-RPC URL.
 *
 * Usage: `node packages/localnet/src/cli.ts [--port 8899] [--host 127.0.0.1] [--slot-ms 400]`
 *
 * @module
 */

import { parseArgs } from 'node:util';

import { LocalChain } from './chain/local-chain.ts';
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
    host: { type: 'string', default: '127.0.0.1' },
    'slot-ms': { type: 'string', default: '400' },
  },
});

const chain = new LocalChain({ slotMs: Math.max(1, wholeNumber(values['slot-ms'], 'slot-ms')) });
chain.start();
const server = await startRpcServer({ chain, port: wholeNumber(values.port, 'port'), host: values.host });
console.log(
  `localnet: JSON-RPC on ${server.url} (genesis ${chain.genesisHash}, a slot every ${chain.slotMs} ms)`,
);

async function shutDown(): Promise<void> {
  chain.stop();
  await server.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutDown());
process.once('SIGTERM', () => void shutDown());
