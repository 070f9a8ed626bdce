import { ERROR_MESSAGES, FAQ_HINTS } from '@arcade/sdk/messages';
import type { BetAccount } from '@arcade/sdk/wager/accounts';
import { Link } from 'react-router';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { formatLamports, formatNumber } from '../../../lib/format.ts';
import { SkillBadge } from '../../../lib/wager-bet/components/odds-picker.tsx';
import { RefundNotice } from '../../../lib/wager-bet/components/refund-notice.tsx';
import { REFUNDED_JUST_NOW, RefundStatusView } from '../../../lib/wager-bet/components/refund-status.tsx';
import { RollCheck } from '../../../lib/wager-bet/components/roll-check.tsx';
import { betErrorMessage } from '../../../lib/wager-bet/utils/bet-errors.ts';
import { refundStatusDetail } from '../../../lib/wager-bet/utils/refund.ts';
import { costSol } from '../../../lib/wager-bet/utils/bet-costs.ts';
import { tokensForLamports, useTokenPrice } from '../api/get-token-price.ts';
import type { ClaimError } from '../hooks/use-tailspin-game.ts';
import type { BetTicket, GamePhase } from '../utils/game-state.ts';
import { multiplierText } from '../utils/stake.ts';

/** The FAQ hint for a token prize that could not be swapped (docs/reference/strings.md#help-and-rules). */
const MOVED_PRICE_HINT = FAQ_HINTS[1].hint;

/** What a ReTail NFT win (it shares the bet record) says here, before the link to ReTail. */
export const RETAIL_WIN_NOTE =
  'This is a ReTail NFT win. Claim its full value in SOL here, or claim the NFT itself on ReTail while it is still listed.';

/** Props of {@link ResultPanel}. */
export interface ResultPanelProps {
  /** Any phase but idle and placing (the form shows those). */
  readonly phase: Exclude<GamePhase, { kind: 'idle' } | { kind: 'placing' }>;
  readonly claiming: 'sol' | 'token' | null;
  readonly claimError: ClaimError | null;
  readonly onClaim: (asToken: boolean) => void;
  readonly onAgain: () => void;
  readonly onKeepWaiting: () => void;
  /** The wallet's bet on the chain while it is open: once its roll is overdue, it can be refunded. */
  readonly openBet?: BetAccount | null;
  /** The wallet's bet record, live: after a refund, what the refund kept (and the late roll's outcome). */
  readonly lastBet?: BetAccount | null;
  readonly onRefunded?: () => void;
}

function Ticket({ ticket }: { readonly ticket: BetTicket }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      <div className="rounded-xl border border-edge bg-panel-2/60 px-2 py-2">
        <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">Chance</dt>
        <dd className="tabular mt-0.5 flex items-center justify-center gap-1.5 font-display text-sm font-bold">
          {ticket.odds}%
        </dd>
      </div>
      <div className="rounded-xl border border-edge bg-panel-2/60 px-2 py-2">
        <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">Paid</dt>
        <dd
          className="tabular mt-0.5 font-display text-sm font-bold"
          title={`Stake ${costSol(ticket.stake)} + fee ${costSol(ticket.fee)} SOL`}
        >
          {costSol(ticket.stake + ticket.fee)} SOL
        </dd>
      </div>
      <div className="rounded-xl border border-edge bg-panel-2/60 px-2 py-2">
        <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">Prize</dt>
        <dd className="tabular mt-0.5 font-display text-sm font-bold text-accent">
          {formatLamports(ticket.prize)} SOL
        </dd>
      </div>
    </dl>
  );
}

function RollLine({ ticket, roll }: { readonly ticket: BetTicket; readonly roll: number | null }) {
  return (
    <p className="tabular text-sm text-ink-dim">
      {roll === null ? (
        <>A roll under {ticket.odds} wins.</>
      ) : (
        <>
          Rolled <strong className="text-ink">{roll}</strong>: {roll < ticket.odds ? 'under' : 'not under'}{' '}
          {ticket.odds}.
        </>
      )}
    </p>
  );
}

/** The token amount a win buys now, for a token prize. */
function TokenWorth({ ticket }: { readonly ticket: BetTicket }) {
  const price = useTokenPrice(ticket.mint);
  if (ticket.betType !== 'token') return null;
  const amount = price.data === undefined ? null : tokensForLamports(ticket.prize, price.data);
  return (
    <p className="tabular text-sm text-ink-dim">
      {amount === null
        ? `Paid in ${ticket.symbol} at the swap price.`
        : `≈ ${formatNumber(amount)} ${ticket.symbol} at the current price.`}
    </p>
  );
}

/**
 * A win rolled after its refund that the reveal could not pay (the wallet could not take it then): what
 * is left of the prize, claimed in SOL only (`claim_bet` pays it in SOL whatever the prize was).
 */
function LateWin({
  prize,
  claiming,
  claimError,
  onClaim,
  signature,
}: {
  readonly prize: bigint;
  readonly claiming: 'sol' | 'token' | null;
  readonly claimError: ClaimError | null;
  readonly onClaim: (asToken: boolean) => void;
  readonly signature: string | null;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="text-[11px] font-bold tracking-[0.3em] text-win uppercase">You won after your refund</p>
        <p className="tabular mt-1 font-display text-3xl font-black text-win sm:text-4xl">
          +{formatLamports(prize)} SOL
        </p>
        <p className="mt-1 text-sm text-ink-dim">{refundStatusDetail({ kind: 'owed', owed: prize })}</p>
      </div>
      <Button
        variant="up"
        size="lg"
        className="w-full"
        pending={claiming !== null}
        disabled={claiming !== null}
        onClick={() => {
          onClaim(false);
        }}
      >
        Claim {formatLamports(prize)} SOL
      </Button>
      {claimError !== null && (
        <p
          role="alert"
          className="rounded-xl border border-loss/40 bg-loss/10 px-3 py-2.5 text-sm font-semibold text-loss"
        >
          {claimError.message}
        </p>
      )}
      <RollCheck roll={null} signature={signature} />
    </div>
  );
}

/** What the game says once a bet is in play: the wait, the result, the claim and another go. */
export function ResultPanel({
  phase,
  claiming,
  claimError,
  onClaim,
  onAgain,
  onKeepWaiting,
  openBet = null,
  lastBet = null,
  onRefunded,
}: ResultPanelProps) {
  const refund = <RefundNotice bet={openBet} {...(onRefunded === undefined ? {} : { onRefunded })} />;
  switch (phase.kind) {
    case 'waiting':
    case 'landing':
      return (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3">
            <Spinner className="size-5 text-accent" />
            <div>
              <p className="font-display text-lg font-bold text-ink">Spinning…</p>
              <p className="text-sm text-ink-dim">
                Your roll is being revealed on chain. Results land in a few seconds.
              </p>
            </div>
          </div>
          <Ticket ticket={phase.ticket} />
          {refund}
          <p className="flex items-center gap-2 text-xs text-ink-faint">
            <SkillBadge odds={phase.ticket.odds} /> You can leave this page: a win waits for you to claim it.
          </p>
        </div>
      );
    case 'won': {
      const { ticket } = phase;
      if (phase.afterRefund === true) {
        return (
          <LateWin
            prize={ticket.prize}
            claiming={claiming}
            claimError={claimError}
            onClaim={onClaim}
            signature={phase.signature}
          />
        );
      }
      const isToken = ticket.betType === 'token';
      return (
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-[11px] font-bold tracking-[0.3em] text-win uppercase">You won</p>
            <p className="tabular mt-1 font-display text-3xl font-black text-win sm:text-4xl">
              {formatLamports(ticket.prize)} SOL
            </p>
            <TokenWorth ticket={ticket} />
            <RollLine ticket={ticket} roll={phase.roll} />
          </div>
          <div className="flex flex-col gap-2">
            {isToken && (
              <Button
                variant="up"
                size="lg"
                className="w-full"
                pending={claiming === 'token'}
                disabled={claiming !== null}
                onClick={() => {
                  onClaim(true);
                }}
              >
                Claim as {ticket.symbol}
              </Button>
            )}
            <Button
              variant={isToken ? 'secondary' : 'up'}
              size="lg"
              className="w-full"
              pending={claiming === 'sol'}
              disabled={claiming !== null}
              onClick={() => {
                onClaim(false);
              }}
            >
              {isToken ? 'Claim as SOL' : `Claim ${formatLamports(ticket.prize)} SOL`}
            </Button>
          </div>
          {claimError !== null && (
            <div role="alert" className="rounded-xl border border-loss/40 bg-loss/10 px-3 py-2.5 text-sm">
              <p className="font-semibold text-loss">{claimError.message}</p>
              {claimError.priceHint ? (
                <p className="mt-1 text-ink-dim">{MOVED_PRICE_HINT}</p>
              ) : (
                claimError.offerSol && (
                  <p className="mt-1 text-ink-dim">
                    {`The swap to ${ticket.symbol} did not go through. Retry, or claim the full SOL value instead.`}
                  </p>
                )
              )}
            </div>
          )}
          {ticket.betType === 'nft' ? (
            <p className="text-xs text-ink-faint">
              {RETAIL_WIN_NOTE}{' '}
              <Link to="/retail" className="font-semibold text-info underline-offset-4 hover:underline">
                Go to ReTail
              </Link>
            </p>
          ) : (
            <p className="text-xs text-ink-faint">
              {isToken
                ? `The claim and the swap to ${ticket.symbol} are one transaction: you get the tokens or nothing moves.`
                : 'Claim your prize before your next spin.'}
            </p>
          )}
          <RollCheck roll={phase.roll} signature={phase.signature} onChain={phase.rollOnChain} />
        </div>
      );
    }
    case 'lost':
      return (
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-[11px] font-bold tracking-[0.3em] text-loss uppercase">No luck this time</p>
            <p className="mt-1 font-display text-2xl font-black text-ink">The house wins this one.</p>
            <RollLine ticket={phase.ticket} roll={phase.roll} />
          </div>
          <Button size="lg" className="w-full" onClick={onAgain} autoFocus>
            Another go
          </Button>
          <RollCheck roll={phase.roll} signature={phase.signature} onChain={phase.rollOnChain} />
        </div>
      );
    case 'timeout':
      return (
        <div className="flex flex-col gap-4">
          <div role="alert">
            <p className="font-display text-xl font-bold text-loss">{ERROR_MESSAGES.betTimedOut}</p>
            <p className="mt-1 text-sm text-ink-dim">
              Your roll has not been revealed yet. It may still be: a win stays yours to claim.
            </p>
          </div>
          <Ticket ticket={phase.ticket} />
          {refund}
          <Button size="lg" variant="secondary" className="w-full" onClick={onKeepWaiting}>
            Keep waiting
          </Button>
        </div>
      );
    case 'refunded':
      return (
        <div className="flex flex-col gap-4">
          <RefundStatusView bet={lastBet} signature={phase.signature} fallback={REFUNDED_JUST_NOW} />
          <Ticket ticket={phase.ticket} />
          <Button size="lg" className="w-full" onClick={onAgain}>
            Another go
          </Button>
        </div>
      );
    case 'failed':
      return (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm text-ink">
            {betErrorMessage(phase.error)}
          </p>
          <Button size="lg" className="w-full" onClick={onAgain}>
            Another go
          </Button>
        </div>
      );
    case 'claimed':
      return (
        <div className="flex flex-col gap-4">
          <div>
            <p className="text-[11px] font-bold tracking-[0.3em] text-win uppercase">Paid</p>
            <p className="tabular mt-1 font-display text-3xl font-black text-ink">{phase.received}</p>
            <p className="text-sm text-ink-dim">
              {phase.afterRefund === true
                ? 'is in your wallet: the rest of your prize, on top of the stake and fee your refund returned.'
                : `is in your wallet. ${multiplierText(phase.ticket.odds)} your stake.`}
            </p>
          </div>
          <Button size="lg" className="w-full" onClick={onAgain} autoFocus>
            Another go
          </Button>
        </div>
      );
  }
}
