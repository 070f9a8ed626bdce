import { useSearchParams } from 'react-router';

import { fairnessChainsQueryOptions } from '../../features/fairness/api/get-fairness.ts';
import { BetVerification } from '../../features/fairness/components/bet-verification.tsx';
import { AlgorithmCard, PublishedChains } from '../../features/fairness/components/published-chains.tsx';
import { VerifyForm } from '../../features/fairness/components/verify-form.tsx';
import { ensureData } from './data/ensure-data.ts';

/**
 * Starts loading the published chains with the page, without holding the page for them: the form works
 * without them, and the chains card shows its own skeleton.
 */
export function loader(): null {
  ensureData(fairnessChainsQueryOptions()).catch(() => undefined);
  return null;
}

/**
 * The provably fair page (`/fairness`, `/fairness?bet=<creating transaction signature>`): the published
 * hash chains, and for a bet, its roll re-derived in the browser step by step.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const signature = params.get('bet')?.trim() ?? '';
  const record = params.get('record');

  return (
    <div className="mx-auto flex max-w-[1100px] flex-col gap-4 pb-10">
      <header className="flex flex-col gap-1">
        <p className="font-display text-xs font-bold tracking-[0.25em] text-accent uppercase">
          TailSpin · ReTail
        </p>
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Provably fair</h1>
        <p className="max-w-3xl text-sm text-ink-dim sm:text-[15px]">
          The program computes every roll on chain, from a seed the house committed to before your bet, the
          seed you chose, and the hash of the slot your bet landed in, which nobody knows before it lands.
          Paste a bet’s signature and your browser recomputes its roll from the chain’s own transactions:
          nothing here takes the server’s word for it.
        </p>
      </header>
      <VerifyForm
        initial={signature}
        onVerify={(next) => {
          setParams(next === signature && record !== null ? { bet: next, record } : { bet: next });
        }}
        onClear={() => {
          // The result of the bet the field no longer names goes with it; no history entry per keystroke.
          if (params.has('bet') || params.has('record')) setParams({}, { replace: true });
        }}
      />
      {signature !== '' && (
        <BetVerification key={`${signature}:${record ?? ''}`} signature={signature} betAddress={record} />
      )}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <PublishedChains />
        <AlgorithmCard />
      </div>
    </div>
  );
}
