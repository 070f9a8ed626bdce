import { Link } from 'react-router';

/** What the line under a result says of its roll. */
export function rollCheckText(roll: number, onChain: boolean): string {
  return onChain ? `Roll ${roll}, computed on chain` : `Roll ${roll}, chosen by the settler (off-chain bet)`;
}

/** Props of {@link RollCheck}. */
export interface RollCheckProps {
  /** The roll, 0–99; null while unknown. */
  readonly roll: number | null;
  /** The bet's creating transaction, the fairness page's key; null when unknown (no link then). */
  readonly signature: string | null;
  /** The program computed the roll (`create_bet`); false for the spec's off-chain bets. */
  readonly onChain?: boolean;
}

/**
 * The on-chain check under a result: "Roll 42, computed on chain", linking to the fairness page, which
 * recomputes it in the browser from the revealed seed, the player's seed and the slot hash.
 */
export function RollCheck({ roll, signature, onChain = true }: RollCheckProps) {
  const href = signature === null ? null : `/fairness?bet=${encodeURIComponent(signature)}`;
  if (roll === null) {
    return href === null ? null : (
      <Link to={href} className="text-xs font-semibold text-info underline-offset-4 hover:underline">
        Verify this roll
      </Link>
    );
  }
  const text = rollCheckText(roll, onChain);
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`grid size-4 shrink-0 place-items-center rounded-full text-[10px] font-black ${
          onChain ? 'bg-win/20 text-win' : 'bg-white/10 text-ink-faint'
        }`}
      >
        {onChain ? '✓' : '!'}
      </span>
      <span className="tabular">{text}</span>
    </>
  );
  return href === null ? (
    <p className="flex items-center gap-1.5 text-xs text-ink-dim">{body}</p>
  ) : (
    <Link
      to={href}
      title="Check this roll on the fairness page"
      className="inline-flex items-center gap-1.5 self-start text-xs font-semibold text-info underline-offset-4 hover:underline"
    >
      {body}
    </Link>
  );
}
