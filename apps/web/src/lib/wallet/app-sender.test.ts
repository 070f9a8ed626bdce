import type { RpcSubscriptions, Signature, SolanaRpcSubscriptionsApi } from '@solana/kit';
import { describe, expect, it, vi } from 'vitest';

import { raceConfirmation } from './app-sender.ts';

const SIG = 'sig-bet' as Signature;

/** A PubSub client whose `signatureNotifications` answer once the test calls `notify`. */
function fakeSubscriptions() {
  let notify: (value: unknown) => void = () => {};
  const subscribed = vi.fn<(signature: string) => void>();
  const client = {
    signatureNotifications: (signature: string) => ({
      subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) => {
        subscribed(signature);
        const values: unknown[] = [];
        let wake: (() => void) | null = null;
        notify = (value) => {
          values.push(value);
          wake?.();
        };
        abortSignal.addEventListener('abort', () => wake?.());
        return Promise.resolve({
          async *[Symbol.asyncIterator]() {
            while (!abortSignal.aborted) {
              if (values.length === 0) {
                await new Promise<void>((resolve) => {
                  wake = resolve;
                });
              }
              while (values.length > 0) yield { context: { slot: 1n }, value: values.shift() };
            }
          },
        });
      },
    }),
  };
  return {
    client: () => client as unknown as RpcSubscriptions<SolanaRpcSubscriptionsApi>,
    notify: (value: unknown) => {
      notify(value);
    },
    subscribed,
  };
}

/** A sender that signs at once and then polls until aborted (it never confirms by itself). */
function pollingSender() {
  let aborted = false;
  const send = (signal: AbortSignal, signed: (signature: Signature) => void) => {
    signed(SIG);
    return new Promise<Signature>((_, reject) => {
      signal.addEventListener('abort', () => {
        aborted = true;
        reject(new DOMException('stopped', 'AbortError'));
      });
    });
  };
  return { send, aborted: () => aborted };
}

describe('raceConfirmation', () => {
  it('resolves on the confirmed signature notification, stops the polling, and says when it was signed', async () => {
    const pubsub = fakeSubscriptions();
    const sender = pollingSender();
    const onSigned = vi.fn();
    const confirmed = raceConfirmation(sender.send, onSigned, pubsub.client);
    expect(onSigned).toHaveBeenCalledWith(SIG);
    await vi.waitFor(() => {
      expect(pubsub.subscribed).toHaveBeenCalledWith(SIG);
    });
    pubsub.notify({ err: null });
    await expect(confirmed).resolves.toBe(SIG);
    expect(sender.aborted()).toBe(true);
  });

  it('leaves a failed transaction to the sender, whose error is the one thrown', async () => {
    const pubsub = fakeSubscriptions();
    const failure = new Error('Transaction failed: custom program error 6011 (BetTooLow)');
    let fail: (error: Error) => void = () => {};
    const confirmed = raceConfirmation(
      (_signal, signed) => {
        signed(SIG);
        return new Promise<Signature>((_, reject) => {
          fail = reject;
        });
      },
      undefined,
      pubsub.client,
    );
    await vi.waitFor(() => {
      expect(pubsub.subscribed).toHaveBeenCalled();
    });
    pubsub.notify({ err: { InstructionError: [0, { Custom: 6011 }] } });
    fail(failure);
    await expect(confirmed).rejects.toBe(failure);
  });

  it('falls back to the sender when there is no PubSub at all', async () => {
    const confirmed = raceConfirmation(
      (_signal, signed) => {
        signed(SIG);
        return Promise.resolve(SIG);
      },
      undefined,
      () => {
        throw new Error('no websocket');
      },
    );
    await expect(confirmed).resolves.toBe(SIG);
  });
});
