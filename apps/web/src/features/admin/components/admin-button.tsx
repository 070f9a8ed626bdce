import { isAdminWallet } from '../../../config/runtime-config.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { ui } from '../../../lib/store.ts';

/**
 * Opens the operator console. Rendered only for the connected wallets listed as admins in the server
 * config (docs/reference/roles.md#admins); the server checks again on every admin call.
 */
export function AdminButton({ className = '' }: { readonly className?: string }) {
  const { wallet } = useWallet();
  if (wallet === null || !isAdminWallet(wallet.address)) return null;
  return (
    <button
      type="button"
      onClick={() => {
        ui.openModal('admin');
      }}
      aria-label="Open the operator console"
      title="Operator console"
      className={`inline-flex h-10 items-center gap-2 rounded-xl border border-accent-2/40 bg-accent-2/10 px-3 text-sm font-semibold text-accent-2 transition hover:bg-accent-2/20 hover:shadow-[0_0_20px_-6px_var(--color-accent-2)] ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
        <path
          d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M9 12l2 2 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="hidden sm:inline">Admin</span>
    </button>
  );
}
