import type { PublishedChainJson } from '@arcade/sdk/api/history';

import { formatDateTime, shortAddress } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useFairnessChains } from '../api/get-fairness.ts';

const STATUS_LABEL: Readonly<Record<PublishedChainJson['status'], string>> = {
  current: 'In use',
  next: 'Next',
  exhausted: 'Used up',
};

/** Whole counts (seeds), with thousands separators. */
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function Hash({ value }: { readonly value: string }) {
  return (
    <code className="block font-mono text-xs break-all text-ink" translate="no">
      {value}
    </code>
  );
}

function ChainCard({ chain }: { readonly chain: PublishedChainJson }) {
  const used = Math.min(chain.nextIndex - 1, chain.length);
  return (
    <li className="rounded-xl border border-edge bg-panel-2/60 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          Chain #{chain.id}{' '}
          <span
            className={`ml-1 rounded-md px-1.5 py-0.5 text-[11px] font-bold ${
              chain.status === 'current'
                ? 'bg-accent/15 text-accent'
                : chain.status === 'next'
                  ? 'bg-info/15 text-info'
                  : 'bg-white/8 text-ink-faint'
            }`}
          >
            {STATUS_LABEL[chain.status]}
          </span>
        </p>
        <p className="text-xs text-ink-faint">Published {formatDateTime(chain.publishedAt)}</p>
      </div>
      <p className="mt-2 text-xs text-ink-faint">Head s₀</p>
      <Hash value={chain.head} />
      <p className="mt-2 text-xs text-ink-dim">
        {chain.commitSignature === null ? (
          'Not committed on chain yet: no bet can use it before it is.'
        ) : (
          <>
            Committed on chain in{' '}
            <code className="font-mono text-ink" title={chain.commitSignature} translate="no">
              {shortAddress(chain.commitSignature, 6)}
            </code>
            {chain.startSequence !== null && (
              <>
                {' '}
                · first bet <span className="tabular text-ink">#{count.format(chain.startSequence)}</span>
              </>
            )}
          </>
        )}
      </p>
      <div className="mt-2">
        <div className="flex justify-between text-xs text-ink-dim">
          <span>Seeds used</span>
          <span className="tabular">
            {count.format(used)} / {count.format(chain.length)}
          </span>
        </div>
        <div
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/8"
          role="progressbar"
          aria-label={`Chain #${chain.id} seeds used`}
          aria-valuemin={0}
          aria-valuemax={chain.length}
          aria-valuenow={used}
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${(used / chain.length) * 100}%` }}
          />
        </div>
      </div>
    </li>
  );
}

/**
 * The settler's hash chains: the one in use, the next one (committed before any bet uses it) and past ones,
 * each with its head and the transaction that committed it.
 */
export function PublishedChains() {
  const chains = useFairnessChains();
  return (
    <section aria-labelledby="chains-title" className="card flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 id="chains-title" className="font-display text-lg font-bold">
          Committed hash chains
        </h2>
        <p className="text-sm text-ink-dim">
          Each head is committed on chain before the first bet that uses its chain: the program refuses a bet
          without one, and checks every revealed seed against it.
        </p>
      </div>
      {chains.isPending ? (
        <ul aria-busy="true" aria-label="Loading the chains" className="flex flex-col gap-2">
          {[0, 1].map((i) => (
            <li key={i} className="h-28 animate-pulse rounded-xl bg-white/5" />
          ))}
        </ul>
      ) : chains.isError ? (
        <p role="alert" className="text-sm text-loss">
          The chains could not be loaded: {errorText(chains.error)}
        </p>
      ) : chains.data.chains.length === 0 ? (
        <p className="text-sm text-ink-dim">No chain is published yet: it appears before the first bet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {chains.data.chains.map((chain) => (
            <ChainCard key={chain.id} chain={chain} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** How a roll is derived, in the server's own words. */
export function AlgorithmCard() {
  const chains = useFairnessChains();
  const algorithm = chains.data?.algorithm;
  return (
    <section aria-labelledby="algorithm-title" className="card p-4 sm:p-5">
      <h2 id="algorithm-title" className="font-display text-lg font-bold">
        How a roll is made
      </h2>
      {algorithm === undefined ? (
        <div className="mt-3 h-24 animate-pulse rounded-xl bg-white/5" />
      ) : (
        <ol className="mt-2 ml-5 list-decimal space-y-1.5 text-sm text-ink-dim marker:text-accent">
          <li>{algorithm.seedChain}.</li>
          <li>Message: {algorithm.message}.</li>
          <li>{algorithm.roll}.</li>
          <li>{algorithm.result}.</li>
        </ol>
      )}
    </section>
  );
}
