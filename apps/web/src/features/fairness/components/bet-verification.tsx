import { useMemo } from 'react';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { formatExactSol, shortAddress } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useChainRoll } from '../api/get-chain-roll.ts';
import { useBetFairness, useFairnessChains } from '../api/get-fairness.ts';
import { useVerification } from '../hooks/use-verification.ts';
import { fairResult } from '../utils/derive.ts';
import {
  CHECK_TITLES,
  lateWinClaimable,
  paidAfterRefund,
  rolledAfterRefund,
  type Check,
  type CheckStatus,
} from '../utils/verify.ts';
import { CheckList, StatusMark } from './check-list.tsx';

/** The overall verdict of the checks. */
export function verdictOf(checks: readonly Check[]): { readonly status: CheckStatus; readonly text: string } {
  if (checks.some((check) => check.status === 'fail')) {
    return { status: 'fail', text: 'Mismatch: this roll does not check out' };
  }
  if (checks.some((check) => check.id === 'offchain')) {
    return { status: 'waiting', text: CHECK_TITLES.offchain };
  }
  if (checks.every((check) => check.status === 'pass')) {
    return {
      status: 'pass',
      text: 'Verified: the program computed this roll from values fixed before the bet',
    };
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
 * Re-derives one bet's roll in the browser and shows each step with its values: the commitment and the
 * revealed seed, the bet's sequence, the player's seed, its slot and slot hash, and the roll the program
 * logged, each checked against the chain's own transactions and the server's record.
 */
export function BetVerification({ signature, betAddress }: BetVerificationProps) {
  const answer = useBetFairness(signature, betAddress);
  const chains = useFairnessChains();
  const bet = answer.data?.bet;
  // The reveal transaction settled the bet (rolled it after its refund, or refunded it once its slot hash
  // was gone); a refund_bet has no roll.
  const settleSignature =
    answer.data?.reveal?.signature ?? bet?.settleSignature ?? bet?.refundSignature ?? null;
  const chain = useChainRoll(
    bet === undefined
      ? null
      : { signature: bet.signature, betAddress: bet.betAddress, settleSignature, sequence: bet.sequence },
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
      <AfterRefundNote answer={data} chain={chain.data ?? null} />
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
          The bet’s transactions could not be read from the chain: its inputs and roll are compared with the
          server’s record only.
        </p>
      )}
    </section>
  );
}

/** The label on a bet rolled after its refund, and what the refund and the late reveal did. */
export const ROLLED_AFTER_REFUND = 'Rolled after your refund';

/** What the late roll came to: the recorded result, else the logged roll against the odds. */
function lateResult(input: Parameters<typeof rolledAfterRefund>[0]): 'Win' | 'Loss' | null {
  const { bet } = input.answer;
  if (bet.result === 'Win' || bet.result === 'Loss') return bet.result;
  const chainReveal = input.chain?.reveal ?? null;
  const roll =
    chainReveal?.outcome === 'settled' ? chainReveal.roll : (input.answer.reveal?.roll ?? bet.randomValue);
  return roll === null ? null : fairResult(roll, input.chain?.odds ?? bet.odds);
}

/** The sentence's end: what the late roll did. */
function lateOutcomeText(result: 'Win' | 'Loss' | null, owed: bigint | null, claimable: boolean): string {
  const amount = owed === null ? '' : ` (+${formatExactSol(owed)})`;
  if (result === 'Win') {
    return claimable
      ? `: it won, and the rest of the prize${amount} is yours to claim, in SOL (your wallet could not take it at the reveal).`
      : `: it won, and the rest of the prize${amount} was paid to your wallet.`;
  }
  if (result === 'Loss') return ': it lost, and the refund of your stake and fee stands.';
  return '.';
}

function AfterRefundNote(input: Parameters<typeof rolledAfterRefund>[0]) {
  if (!rolledAfterRefund(input)) return null;
  const result = lateResult(input);
  const owed = result === 'Win' ? paidAfterRefund(input) : null;
  return (
    <div
      role="note"
      aria-label={ROLLED_AFTER_REFUND}
      className="rounded-xl border border-info/40 bg-info/10 px-3 py-2.5 text-sm"
    >
      <p className="font-semibold text-info">{ROLLED_AFTER_REFUND}</p>
      <p className="mt-0.5 text-ink-dim">
        The roll was not revealed in time, and your refund returned your stake and fee while capturing the
        hash of your bet’s slot. The late reveal rolled the bet with that hash, exactly as an on-time reveal
        would have{lateOutcomeText(result, owed, lateWinClaimable(input))}
      </p>
    </div>
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
