import { ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import type { Address } from '@solana/kit';
import { useState } from 'react';

import { Spinner } from '../../../components/ui/button.tsx';
import { runtimeConfig } from '../../../config/runtime-config.ts';
import { shortAddress } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useRoundReceipt, type ReceiptTransaction } from '../api/get-round-receipt.ts';
import { usePriceHistory } from '../api/get-price.ts';
import { explorerTxUrl, formatSecondsTime } from '../utils/explorer.ts';
import { matchPublishTime } from '../utils/price-history.ts';
import { formatPrice } from '../utils/round-view.ts';

/** A transaction signature: an explorer link on public clusters, a copy button on the local chain. */
function TransactionRef({ tx }: { readonly tx: ReceiptTransaction }) {
  const url = explorerTxUrl(tx.signature, runtimeConfig().cluster);
  const label = shortAddress(tx.signature, 6);
  if (url !== null) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="font-mono text-info underline-offset-2 hover:underline"
        title={tx.signature}
      >
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="font-mono text-info underline-offset-2 hover:underline"
      title={`${tx.signature} (copy)`}
      aria-label={`Copy transaction ${tx.signature}`}
      onClick={() => {
        navigator.clipboard.writeText(tx.signature).then(
          () => {
            toast.success('Transaction signature copied');
          },
          (error: unknown) => {
            toast.failure('Failed to copy the signature', error);
          },
        );
      }}
    >
      {label}
    </button>
  );
}

/** One oracle reading of the receipt: the price, when it was published and the transaction that took it. */
function Reading({
  label,
  price,
  planned,
  tx,
  loading,
  priceAccount,
}: {
  readonly label: string;
  readonly price: bigint | null;
  readonly planned: bigint;
  readonly tx: ReceiptTransaction | null;
  readonly loading: boolean;
  readonly priceAccount: Address;
}) {
  const points = usePriceHistory(priceAccount);
  // The tick logs the update it read; an older tick without that line falls back to what this page saw.
  const logged = tx?.reading?.publishTime ?? null;
  const published = logged ?? (price === null ? null : matchPublishTime(points, price, planned));
  const rule = (
    <>
      the first Pyth update published at or after{' '}
      <span className="tabular text-ink">{formatSecondsTime(planned)}</span>, counted if within{' '}
      {ORACLE_MAX_LATE_SECS} s
    </>
  );
  return (
    <div className="grid gap-0.5" data-reading={label}>
      <p className="font-semibold text-ink">
        {label}: <span className="tabular">{price === null ? 'no valid price' : formatPrice(price)}</span>
      </p>
      <p>
        {published !== null ? (
          <>
            Published <span className="tabular text-ink">{formatSecondsTime(published)}</span>
            {price === null && (
              <span> (the program takes {rule}: this one was too late, so the round is refunded)</span>
            )}
          </>
        ) : price === null ? (
          <>The program takes {rule}: none counted, so the round is refunded.</>
        ) : (
          <>The price is {rule}.</>
        )}
      </p>
      <p>
        Transaction:{' '}
        {tx !== null ? (
          <>
            <TransactionRef tx={tx} />
            {tx.blockTime !== null && <span className="tabular"> · {formatSecondsTime(tx.blockTime)}</span>}
          </>
        ) : loading ? (
          <Spinner className="inline size-3" />
        ) : (
          'not found'
        )}
      </p>
    </div>
  );
}

/**
 * A round's oracle receipt: the lock and final prices with their publish times and the crank transactions
 * that read them. The price for a planned time is the first Pyth update published at or after it, counted
 * if within `ORACLE_MAX_LATE_SECS`. The publish time is the one the tick logged; without that line, the
 * one this page saw first from the planned time with that exact price, otherwise the rule itself. The
 * transactions are looked up on the chain when the receipt is opened.
 */
export function OracleReceipt({
  round,
  locked,
  priceAccount,
}: {
  readonly round: UpDownEvent;
  /** Whether the round has been locked (live and next rounds have no receipt yet). */
  readonly locked: boolean;
  readonly priceAccount: Address;
}) {
  const [open, setOpen] = useState(false);
  const receipt = useRoundReceipt({ ...round, locked }, open);
  if (!locked) return null;
  return (
    <details
      className="group rounded-xl border border-edge/70 bg-void/40 text-xs text-ink-dim"
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 font-semibold text-ink-dim select-none hover:text-ink">
        <span>Oracle receipt</span>
        <span aria-hidden="true" className="transition group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="grid gap-3 border-t border-edge/70 px-3 py-3">
        <Reading
          label="Lock price"
          price={round.lockPrice}
          planned={round.lockTime}
          tx={receipt.data?.lock ?? null}
          loading={receipt.isFetching}
          priceAccount={priceAccount}
        />
        {round.isSettled && (
          <Reading
            label="Final price"
            price={round.finalPrice}
            planned={round.settleTime}
            tx={receipt.data?.settle ?? null}
            loading={receipt.isFetching}
            priceAccount={priceAccount}
          />
        )}
        {receipt.isError && (
          <p className="text-loss">Could not read the transactions: {errorText(receipt.error)}</p>
        )}
        <p className="text-ink-faint">
          Oracle account <span className="font-mono">{shortAddress(priceAccount, 6)}</span> (Pyth SOL/USD).
        </p>
      </div>
    </details>
  );
}
