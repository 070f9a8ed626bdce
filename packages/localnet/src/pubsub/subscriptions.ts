/**
 * The PubSub subscriptions of the node, independent of the WebSocket transport: each connection gets
 * its own method table (accountSubscribe … slotUnsubscribe), and a {@link ChainObserver} turns landed
 * transactions and new slots into `<kind>Notification` messages, as the validator's `RpcSubscriptions`.
 *
 * There is one state and no fork, so every commitment is notified at once when a transaction lands
 * (see docs/localnet.md); the commitment is still checked.
 *
 * @module
 */

import type { AccountView } from '../chain/account-view.ts';
import type {
  ChainObserver,
  ChangedAccount,
  LandedTransactionEvent,
  LocalChain,
} from '../chain/local-chain.ts';
import { encodeBase58 } from '../wire/base58.ts';
import { tokenProgramOf } from '../wire/program-ids.ts';
import { filterAllows, filtersParam, type AccountFilter } from '../rpc/account-filters.ts';
import {
  accountEncodingParam,
  chainMintDecimals,
  dataSliceParam,
  encodeAccount,
  isListableParsed,
  type AccountEncoding,
  type DataSlice,
} from '../rpc/account-encoding.ts';
import { invalidParams, u64, type RpcHandler } from '../rpc/json-rpc.ts';
import {
  boolParam,
  commitmentOf,
  configParam,
  describe,
  pubkeyParam,
  required,
  signatureParam,
  u64Param,
} from '../rpc/params.ts';

/** The receiving end of one connection: sends one text message. */
export type SendText = (text: string) => void;

interface Base {
  readonly id: number;
  readonly connection: Connection;
}
type Subscription = Base &
  (
    | {
        readonly kind: 'account';
        readonly address: string;
        readonly encoding: AccountEncoding;
        readonly slice: DataSlice | undefined;
      }
    | {
        readonly kind: 'program';
        readonly program: string;
        readonly encoding: AccountEncoding;
        readonly slice: DataSlice | undefined;
        readonly filters: readonly AccountFilter[];
      }
    | { readonly kind: 'signature'; readonly signature: string; readonly received: boolean }
    | { readonly kind: 'logs'; readonly mentions: string | null }
    | { readonly kind: 'slot' }
  );

/** A connection's state: its subscriptions and the messages to send once the current reply is out. */
interface Connection {
  readonly send: SendText;
  readonly ids: Set<number>;
  /** Notifications due right after the reply being built (a signature that had already landed). */
  readonly afterReply: string[];
}

/** One connection's side of the hub. */
export interface PubsubConnection {
  /** The methods this connection may call. */
  readonly methods: ReadonlyMap<string, RpcHandler>;
  /** Sends what was queued while answering (call after sending the reply). */
  flush(): void;
  /** Drops every subscription of the connection. */
  close(): void;
  /** How many subscriptions the connection holds. */
  readonly size: number;
}

function addTo<K>(map: Map<K, Set<Subscription>>, key: K, subscription: Subscription): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(subscription);
}

function removeFrom<K>(map: Map<K, Set<Subscription>>, key: K, subscription: Subscription): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(subscription);
  if (set.size === 0) map.delete(key);
}

function notification(method: string, subscription: number, result: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } });
}

/** The subscriptions of every connection to one chain. */
export class SubscriptionHub {
  readonly #chain: LocalChain;
  readonly #mintDecimals;
  readonly #byId = new Map<number, Subscription>();
  readonly #accounts = new Map<string, Set<Subscription>>();
  readonly #programs = new Map<string, Set<Subscription>>();
  readonly #signatures = new Map<string, Set<Subscription>>();
  readonly #logs = new Set<Subscription>();
  readonly #slots = new Set<Subscription>();
  readonly #stopObserving: () => void;
  #nextId = 0;

  constructor(chain: LocalChain) {
    this.#chain = chain;
    this.#mintDecimals = chainMintDecimals(chain);
    const observer: ChainObserver = {
      watchesAccounts: () => this.#accounts.size > 0 || this.#programs.size > 0,
      onTransaction: (event) => {
        this.#onTransaction(event);
      },
      onSlot: (slot) => {
        this.#onSlot(slot);
      },
      onAccountWrite: (event) => {
        this.#notifyAccounts([event.changed], { slot: u64(event.slot) });
      },
    };
    this.#stopObserving = chain.observe(observer);
  }

  /** How many subscriptions are open, over all connections. */
  get size(): number {
    return this.#byId.size;
  }

  /** Stops listening to the chain. */
  dispose(): void {
    this.#stopObserving();
  }

  /** Registers a connection whose messages go to `send`. */
  connect(send: SendText): PubsubConnection {
    const connection: Connection = { send, ids: new Set(), afterReply: [] };
    return {
      methods: this.#methods(connection),
      flush: () => {
        for (const text of connection.afterReply.splice(0)) send(text);
      },
      close: () => {
        for (const id of [...connection.ids]) this.#remove(id);
      },
      get size() {
        return connection.ids.size;
      },
    };
  }

  #add(subscription: Subscription): number {
    this.#byId.set(subscription.id, subscription);
    subscription.connection.ids.add(subscription.id);
    switch (subscription.kind) {
      case 'account':
        addTo(this.#accounts, subscription.address, subscription);
        break;
      case 'program':
        addTo(this.#programs, subscription.program, subscription);
        break;
      case 'signature':
        addTo(this.#signatures, subscription.signature, subscription);
        break;
      case 'logs':
        this.#logs.add(subscription);
        break;
      case 'slot':
        this.#slots.add(subscription);
        break;
    }
    return subscription.id;
  }

  #remove(id: number): boolean {
    const subscription = this.#byId.get(id);
    if (!subscription) return false;
    this.#byId.delete(id);
    subscription.connection.ids.delete(id);
    switch (subscription.kind) {
      case 'account':
        removeFrom(this.#accounts, subscription.address, subscription);
        break;
      case 'program':
        removeFrom(this.#programs, subscription.program, subscription);
        break;
      case 'signature':
        removeFrom(this.#signatures, subscription.signature, subscription);
        break;
      case 'logs':
        this.#logs.delete(subscription);
        break;
      case 'slot':
        this.#slots.delete(subscription);
        break;
    }
    return true;
  }

  #methods(connection: Connection): ReadonlyMap<string, RpcHandler> {
    const nextId = (): number => this.#nextId++;
    const unsubscribe: RpcHandler = (params) => {
      const value = required(params, 0, 'subscription id');
      const id = u64Param(value);
      // As the validator: an id this connection does not hold is an error, whatever its kind.
      if (id > BigInt(Number.MAX_SAFE_INTEGER) || !connection.ids.has(Number(id))) {
        throw invalidParams('Invalid subscription id.');
      }
      return this.#remove(Number(id));
    };
    return new Map<string, RpcHandler>([
      [
        'accountSubscribe',
        (params) => {
          const { text } = pubkeyParam(required(params, 0, 'pubkey'));
          const config = configParam(params[1], 'RpcAccountInfoConfig');
          commitmentOf(config);
          return this.#add({
            id: nextId(),
            connection,
            kind: 'account',
            address: text,
            encoding: accountEncodingParam(config.encoding, 'binary'),
            slice: dataSliceParam(config.dataSlice),
          });
        },
      ],
      [
        'programSubscribe',
        (params) => {
          const { text } = pubkeyParam(required(params, 0, 'program id'));
          const config = configParam(params[1], 'RpcProgramAccountsConfig');
          const filters = filtersParam(config.filters);
          commitmentOf(config);
          const encoding = accountEncodingParam(config.encoding, 'binary');
          const slice = dataSliceParam(config.dataSlice);
          return this.#add({
            id: nextId(),
            connection,
            kind: 'program',
            program: text,
            encoding,
            slice,
            filters,
          });
        },
      ],
      [
        'signatureSubscribe',
        (params) => {
          const signature = signatureParam(required(params, 0, 'signature'));
          const config = configParam(params[1], 'RpcSignatureSubscribeConfig');
          commitmentOf(config);
          const received = boolParam(config.enableReceivedNotification, false);
          const id = nextId();
          const record = this.#chain.index.status(signature);
          if (record) {
            // Already landed (and so finalized on this node): notify at once, after the reply.
            connection.afterReply.push(
              notification('signatureNotification', id, {
                context: { slot: u64(record.slot) },
                value: { err: record.err },
              }),
            );
            return id;
          }
          return this.#add({ id, connection, kind: 'signature', signature, received });
        },
      ],
      [
        'logsSubscribe',
        (params) => {
          const filter = required(params, 0, 'filter');
          let mentions: string | null = null;
          if (filter !== 'all' && filter !== 'allWithVotes') {
            if (typeof filter === 'string') {
              throw invalidParams(
                `Invalid params: unknown variant \`${filter}\`, expected one of \`all\`, \`allWithVotes\`, \`mentions\`.`,
              );
            }
            const fields = configParam(filter, 'RpcTransactionLogsFilter');
            const list = fields.mentions;
            if (!Array.isArray(list)) {
              throw invalidParams(
                `Invalid params: invalid type: ${describe(list)}, expected \`all\`, \`allWithVotes\` or \`{ mentions: [address] }\`.`,
              );
            }
            if (list.length !== 1) throw invalidParams('Invalid Request: Only 1 address supported');
            mentions = pubkeyParam(list[0]).text;
          }
          commitmentOf(configParam(params[1], 'RpcTransactionLogsConfig'));
          return this.#add({ id: nextId(), connection, kind: 'logs', mentions });
        },
      ],
      ['slotSubscribe', () => this.#add({ id: nextId(), connection, kind: 'slot' })],
      ['accountUnsubscribe', unsubscribe],
      ['programUnsubscribe', unsubscribe],
      ['signatureUnsubscribe', unsubscribe],
      ['logsUnsubscribe', unsubscribe],
      ['slotUnsubscribe', unsubscribe],
    ]);
  }

  #encode(subscription: { encoding: AccountEncoding; slice: DataSlice | undefined }, account: AccountView) {
    try {
      return encodeAccount(account, subscription.encoding, subscription.slice, this.#mintDecimals);
    } catch {
      // base58 of more than 128 bytes: the validator cannot send it either.
      return null;
    }
  }

  /** Account and program notifications for accounts that changed (in a transaction or by a write). */
  #notifyAccounts(changedAccounts: readonly ChangedAccount[], context: { slot: unknown }): void {
    for (const { addressText, account } of changedAccounts) {
      for (const subscription of this.#accounts.get(addressText) ?? []) {
        if (subscription.kind !== 'account') continue;
        const value = this.#encode(subscription, account);
        if (value) {
          subscription.connection.send(
            notification('accountNotification', subscription.id, { context, value }),
          );
        }
      }
      const owner = this.#programs.get(encodeBase58(account.owner));
      for (const subscription of owner ?? []) {
        if (subscription.kind !== 'program') continue;
        if (!subscription.filters.every((filter) => filterAllows(filter, account))) continue;
        if (
          subscription.encoding === 'jsonParsed' &&
          tokenProgramOf(account.owner) &&
          !isListableParsed(account, this.#mintDecimals)
        ) {
          continue;
        }
        const encoded = this.#encode(subscription, account);
        if (encoded) {
          subscription.connection.send(
            notification('programNotification', subscription.id, {
              context,
              value: { pubkey: addressText, account: encoded },
            }),
          );
        }
      }
    }
  }

  #onTransaction(event: LandedTransactionEvent): void {
    const { record } = event;
    const context = { slot: u64(record.slot) };
    this.#notifyAccounts(event.changedAccounts, context);
    const waiting = this.#signatures.get(record.signature);
    if (waiting) {
      for (const subscription of [...waiting]) {
        if (subscription.kind !== 'signature') continue;
        if (subscription.received) {
          subscription.connection.send(
            notification('signatureNotification', subscription.id, { context, value: 'receivedSignature' }),
          );
        }
        subscription.connection.send(
          notification('signatureNotification', subscription.id, { context, value: { err: record.err } }),
        );
        // A signature subscription ends with its notification, as on the validator.
        this.#remove(subscription.id);
      }
    }
    if (this.#logs.size > 0) {
      let mentioned: Set<string> | undefined;
      for (const subscription of this.#logs) {
        if (subscription.kind !== 'logs') continue;
        if (subscription.mentions !== null) {
          mentioned ??= new Set(event.addresses);
          if (!mentioned.has(subscription.mentions)) continue;
        }
        subscription.connection.send(
          notification('logsNotification', subscription.id, {
            context,
            value: { signature: record.signature, err: record.err, logs: record.logs },
          }),
        );
      }
    }
  }

  #onSlot(slot: bigint): void {
    if (this.#slots.size === 0) return;
    // One node and no fork: the new slot is rooted at once.
    const result = { parent: u64(slot > 0n ? slot - 1n : 0n), root: u64(slot), slot: u64(slot) };
    for (const subscription of this.#slots) {
      subscription.connection.send(notification('slotNotification', subscription.id, result));
    }
  }
}
