import { formatLamports } from '../../../lib/format.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useSolBalance } from '../../../lib/wallet/get-sol-balance.ts';

/** The header's SOL balance of the connected wallet; nothing when no wallet is connected. */
export function SolBalanceChip() {
  const { wallet } = useWallet();
  const balance = useSolBalance(wallet?.address ?? null);
  if (wallet === null) return null;

  return (
    <div
      className="flex h-9 items-center gap-1.5 rounded-xl border border-edge bg-panel-2/80 px-2.5 text-sm backdrop-blur"
      title={balance.isError ? 'The balance could not be read' : 'Your SOL balance'}
    >
      <SolMark />
      {balance.isPending ? (
        <span
          className="h-3.5 w-12 animate-pulse rounded bg-white/10"
          aria-label="Loading balance"
          role="status"
        />
      ) : balance.isError ? (
        <span className="font-display tabular text-ink-faint" aria-label="Balance unavailable">
          —
        </span>
      ) : (
        <span className="font-display font-semibold tabular text-ink">
          {formatLamports(balance.data)}
          <span className="sr-only"> SOL</span>
        </span>
      )}
    </div>
  );
}

function SolMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4 shrink-0" aria-hidden="true">
      <defs>
        <linearGradient id="sol-chip-gradient" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#9945ff" />
          <stop offset="1" stopColor="#14f195" />
        </linearGradient>
      </defs>
      <path
        d="M5 16.5h12.5l-2.5 3H2.5zM5 4.5h12.5L15 7.5H2.5zM19 10.5H6.5L4 13.5h12.5z"
        fill="url(#sol-chip-gradient)"
      />
    </svg>
  );
}
