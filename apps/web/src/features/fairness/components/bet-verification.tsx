import { useMemo } from 'react';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { shortAddress } from '../../../lib/format.ts';
import { errorText } from '../../../lib/toast.ts';
import { useChainRoll } from '../api/get-chain-roll.ts';
import { useBetFairness, useFairnessChains } from '../api/get-fairness.ts';
import { useVerification } from '../hooks/use-verification.ts';
import type { Check, CheckStatus } from '../utils/verify.ts';
import { CheckList, StatusMark } from './check-list.tsx';

/** The overall verdict of the checks. */
export function verdictOf(checks: readonly Check[]): { readonly status: CheckStatus; readonly text: string } {
  if (checks.some((check) => check.status === 'fail')) {
    return { status: 'fail', text: 'Mismatch: this roll does not check out' };
  }
  if (checks.every((check) => check.status === 'pass')) {
    return { status: 'pass', text: 'Verified: this roll was fixed before the bet and computed fairly' };
  }
  return { status: 'waiting', text: 'Not verifiable yet' };
}

/** Props of {@link BetVerification}. */
export interface BetVerificationProps {
  /** The bet's creating transaction signature. */
  readonly signature: string;
  /** The bet record address, when one transaction opened several bets. */
  readonly betAddress: string | null;
}

/**
 * Re-derives one bet's roll in the browser and shows each step with its values: the server's published
 * answer, checked against itself, the published chain heads and the chain's own transactions.
 */
export function BetVerification({ signature, betAddress }: BetVerificationProps) {
  const answer = useBetFairness(signature, betAddress);
  const chains = useFairnessChains();
  const bet = answer.data?.bet;
  const chain = useChainRoll(
    bet === undefined
      ? null
      : { signature: bet.signature, betAddress: bet.betAddress, settleSignature: bet.settleSignature },
  );
  const heads = useMemo(
    () => (chains.data === undefined ? null : new Set(chains.data.chains.map((c) => c.head))),
    [chains.data],
  );
  // A chain that cannot be read (an RPC without the transaction) still lets the other checks run; the
  // published heads are waited for too, so the seed check never passes on heads it has not seen.
  const chainReady =
    bet !== undefined && (chain.isSuccess || chain.isError) && (chains.isSuccess || chains.isError);
  const verification = useVerification(answer.data, heads, chain.data ?? null, chainReady);

  if (answer.isPending) {
    return (
      <div role="status" className="card flex items-center gap-3 p-5 text-sm text-ink-dim">
        <Spinner className="size-5 text-accent" />
        Looking up the bet…
      </div>
    );
  }
  if (answer.isError) {
    return (
      <div role="alert" className="card flex flex-col items-start gap-3 border-loss/40 p-5">
        <p className="flex items-center gap-2 font-semibold text-loss">
          <StatusMark status="fail" className="size-6" />
          {errorText(answer.error)}
        </p>
        <p className="text-sm text-ink-dim">
          Paste the signature of the transaction that placed a TailSpin or ReTail bet (your wallet shows it,
          and so does your history).
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void answer.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }

  const { data } = answer;
  return (
    <section aria-labelledby="verification-title" className="card flex flex-col gap-4 p-4 sm:p-5">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h2 id="verification-title" className="font-display text-lg font-bold">
          Bet {shortAddress(data.bet.signature, 6)}
        </h2>
        <p className="text-sm text-ink-dim">
          Odds <span className="tabular text-ink">{data.bet.odds}%</span> · {data.bet.state}
          {data.bet.result !== 'None' && (
            <>
              {' '}
              ·{' '}
              <span
                className={
                  data.bet.result === 'Win' ? 'text-win' : data.bet.result === 'Loss' ? 'text-loss' : ''
                }
              >
                {data.bet.result}
              </span>
            </>
          )}
        </p>
      </header>
      {verification.status === 'done' ? (
        <>
          <Verdict checks={verification.checks} />
          <CheckList checks={verification.checks} />
        </>
      ) : verification.status === 'error' ? (
        <p role="alert" className="text-sm text-loss">
          The checks could not run: {verification.error.message}
        </p>
      ) : (
        <div role="status" className="flex items-center gap-3 text-sm text-ink-dim">
          <Spinner className="size-5 text-accent" />
          {verification.total > 0
            ? `Walking the hash chain back to its head: ${verification.hashed.toLocaleString('en-US')} of ${verification.total.toLocaleString('en-US')} hashes…`
            : 'Reading the bet’s transactions from the chain…'}
        </div>
      )}
      {chain.isError && (
        <p className="text-xs text-ink-faint">
          The bet’s transactions could not be read from the chain: the odds and roll are compared with the
          server’s record only.
        </p>
      )}
    </section>
  );
}

function Verdict({ checks }: { readonly checks: readonly Check[] }) {
  const verdict = verdictOf(checks);
  const tone =
    verdict.status === 'pass'
      ? 'border-win/40 bg-win/10 text-win'
      : verdict.status === 'fail'
        ? 'border-loss/50 bg-loss/10 text-loss'
        : 'border-edge bg-white/5 text-ink-dim';
  return (
    <p
      role="status"
      className={`flex items-center gap-3 rounded-xl border px-3 py-2.5 font-semibold ${tone}`}
    >
      <StatusMark status={verdict.status} />
      {verdict.text}
    </p>
  );
}
