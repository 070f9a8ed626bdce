import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { FORESIGHT_FEE_BPS } from '@arcade/sdk/constants';

import {
  formatExactSol,
  formatLamports,
  formatPercent,
  formatSol,
  formatSolDecimal,
} from '../../../lib/format.ts';
import type { PlayerBet } from '../api/get-user-bets.ts';
import { betCharge, betReserve, checkBetAmount, maxStake, type BetCharge } from '../utils/bet-amount.ts';
import {
  formatMultiplier,
  poolFields,
  quotePayout,
  sideLabel,
  sideOf,
  type Side,
} from '../utils/round-view.ts';

const FEE = formatPercent(Number(FORESIGHT_FEE_BPS) / 100);

/** The pay button's total: "Pay 0.1014666 SOL". */
export function payText(charge: BetCharge): string {
  return `Pay ${formatExactSol(charge.total)}`;
}

/** What the wallet is charged for the typed bet, line by line, with the total. */
function ChargeSummary({ charge }: { readonly charge: BetCharge }) {
  const row = (label: string, lamports: bigint, strong = false) => (
    <div
      className={`flex items-baseline justify-between gap-3 ${strong ? 'border-t border-edge/60 pt-1' : ''}`}
    >
      <dt className={strong ? 'font-semibold text-ink' : 'text-ink-dim'}>{label}</dt>
      <dd className={`tabular ${strong ? 'font-display font-bold text-ink' : 'text-ink-dim'}`}>
        {formatExactSol(lamports)}
      </dd>
    </div>
  );
  return (
    <div className="rounded-xl border border-edge bg-void/50 px-3 py-2 text-xs">
      <dl aria-label="What you pay" className="grid gap-1">
        {row('Bet', charge.stake)}
        {charge.deposit > 0n && row('Account deposit (comes back)', charge.deposit)}
        {row('Network fee', charge.networkFee)}
        {row('Total', charge.total, true)}
      </dl>
      <p className="mt-1 text-[11px] text-ink-faint">
        No fee on your bet: {FEE} of the pot is taken from the winnings at the draw.
      </p>
    </div>
  );
}

/** Quick amounts: multiples of the minimum bet. */
const QUICK_MULTIPLES = [10n, 50n, 100n] as const;

/** Props of {@link BetForm}. */
export interface BetFormProps {
  readonly round: UpDownEvent;
  /** The player's bet in this round, if any. */
  readonly bet: PlayerBet | null;
  /** Why betting is closed right now (paused, past the lock time), or null when open. */
  readonly closedReason: string | null;
  /** Whether a wallet is connected. */
  readonly connected: boolean;
  /** Lamports, null while unknown. */
  readonly balance: bigint | null;
  /** Rent deposit of a new bet account, null while unknown. */
  readonly rent: bigint | null;
  /** Side being sent, or null. */
  readonly pendingSide: Side | null;
  readonly onBet: (side: Side, lamports: bigint) => void;
  /** Asks for a wallet (the connect dialog). */
  readonly onConnect: () => void;
  /** The typed amount, kept by the page so it survives the live round changing. */
  readonly amount: string;
  readonly onAmountChange: (text: string) => void;
}

/**
 * The live round's bet form: an amount in SOL and the Up and Down buttons, each with what it would pay.
 * Bad amounts say why; the side the player did not take is disabled with the reason (one side per round).
 */
export function BetForm({
  round,
  bet,
  closedReason,
  connected,
  balance,
  rent,
  pendingSide,
  onBet,
  onConnect,
  amount: text,
  onAmountChange: setText,
}: BetFormProps) {
  const inputId = useId();
  const messageId = useId();
  const [tried, setTried] = useState(false);
  const reserve = betReserve(bet === null ? (rent ?? 0n) : 0n);
  const check = checkBetAmount(text, { balance: connected ? balance : null, reserve });
  const taken = bet === null ? null : sideOf(bet.prediction);
  const fields = poolFields(round);
  const pending = pendingSide !== null;
  const max = balance === null ? null : maxStake(balance, reserve);
  // The deposit is known once the rent is read; adding to a bet opens no account.
  const deposit = bet === null ? rent : 0n;
  const charge = check.ok && deposit !== null ? betCharge(check.lamports, deposit) : null;

  const message = !check.ok ? (check.error ?? (tried ? 'Enter an amount to bet' : null)) : null;

  const submit = (side: Side) => {
    if (!connected) {
      onConnect();
      return;
    }
    setTried(true);
    if (check.ok) onBet(side, check.lamports);
  };

  const sideButton = (side: Side) => {
    const other = taken !== null && taken !== side;
    const label = sideLabel(side);
    const quote = check.ok ? quotePayout(round, side, check.lamports) : null;
    const multiplier = side === 'up' ? fields.upPayout : fields.downPayout;
    // Black on both: white on the red Down button is 3.2:1 at best, under 4.5:1 for its small lines.
    const ink = 'text-black';
    return (
      <Button
        variant={side}
        size="lg"
        className="h-auto min-h-14 min-w-0 flex-col gap-0 px-2 py-2"
        disabled={
          closedReason !== null ||
          other ||
          (pending && pendingSide !== side) ||
          (connected && !check.ok && text !== '')
        }
        pending={pendingSide === side}
        aria-describedby={messageId}
        onClick={() => {
          submit(side);
        }}
      >
        <span
          className={`flex items-center gap-1.5 font-display text-sm font-black tracking-wide whitespace-nowrap uppercase sm:text-base ${ink}`}
        >
          <span aria-hidden="true">{side === 'up' ? '▲' : '▼'}</span>
          {label}
        </span>
        <span className={`text-[11px] font-semibold whitespace-nowrap ${ink}`}>
          {other
            ? `You bet ${sideLabel(taken)}`
            : charge !== null && closedReason === null
              ? payText(charge)
              : taken === side
                ? 'Add to your bet'
                : `${formatMultiplier(multiplier)} payout`}
        </span>
        {!other && quote !== null && closedReason === null && (
          <span className={`text-[11px] font-semibold whitespace-nowrap ${ink}`}>
            Wins ≈ {formatSol(quote)}
          </span>
        )}
      </Button>
    );
  };

  return (
    <form
      className="grid min-w-0 gap-3"
      aria-label={`Bet on round #${round.id}`}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={inputId} className="text-xs font-semibold text-ink-dim">
            Amount (SOL)
          </label>
          {connected && balance !== null && (
            <span className="text-[11px] text-ink-faint tabular">Balance {formatSol(balance)}</span>
          )}
        </div>
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatLamports(MIN_BET_LAMPORTS * QUICK_MULTIPLES[0])}
          value={text}
          aria-invalid={message !== null}
          aria-describedby={messageId}
          onChange={(event) => {
            setText(event.target.value);
          }}
          className={`h-11 w-full min-w-0 rounded-xl border bg-void/70 px-3 font-display text-lg tabular outline-none focus:border-accent ${
            message !== null ? 'border-loss' : 'border-edge'
          }`}
        />
        <div className="flex flex-wrap gap-1.5">
          {QUICK_MULTIPLES.map((multiple) => {
            const lamports = MIN_BET_LAMPORTS * multiple;
            return (
              <button
                key={multiple}
                type="button"
                className="rounded-lg border border-edge bg-white/5 px-2.5 py-1 text-xs font-semibold text-ink-dim hover:border-accent/60 hover:text-ink"
                onClick={() => {
                  setText(formatSolDecimal(lamports));
                }}
              >
                {formatLamports(lamports)}
              </button>
            );
          })}
          {connected && max !== null && (
            <button
              type="button"
              className="rounded-lg border border-edge bg-white/5 px-2.5 py-1 text-xs font-semibold text-ink-dim hover:border-accent/60 hover:text-ink"
              onClick={() => {
                setText(formatSolDecimal(max));
              }}
            >
              Max
            </button>
          )}
        </div>
        <p id={messageId} className="min-h-4 text-xs" role={message !== null ? 'alert' : undefined}>
          {closedReason !== null ? (
            <span className="text-ink-dim">{closedReason}</span>
          ) : message !== null ? (
            <span className="text-loss">{message}</span>
          ) : taken !== null ? (
            <span className="text-ink-dim">
              You bet {sideLabel(taken)} in this round: you can add to it, not bet the other side.
            </span>
          ) : !connected ? (
            <span className="text-ink-dim">Connect a wallet to bet.</span>
          ) : null}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {sideButton('up')}
        {sideButton('down')}
      </div>
      {charge !== null && closedReason === null && connected && <ChargeSummary charge={charge} />}
    </form>
  );
}
