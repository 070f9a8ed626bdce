import { JUICE_CLAIM_INTERVAL_SECS } from '@arcade/sdk/constants';
import { lazy } from 'react';
import { Link } from 'react-router';

import { AdminButton } from '../../features/admin/components/admin-button.tsx';
import { ProfileAvatar } from '../../features/profile/components/profile-avatar.tsx';
import { SoundToggle } from '../../features/sound/components/sound-toggle.tsx';
import { WalletButton } from '../../features/wallet/components/wallet-button.tsx';
import { ui, useUiState } from '../../lib/store.ts';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { ArcadeLogo } from './arcade-logo.tsx';
import { LazyBoundary } from './lazy-boundary.tsx';
import { SidebarIcon } from './nav-icons.tsx';

// Both chips read the chain (kit's RPC client) and only mean something with a wallet: a visitor without
// one never downloads them, and the first paint does not wait for them.
const JuicePopover = lazy(() =>
  import('../../features/juice/components/juice-popover.tsx').then((m) => ({ default: m.JuicePopover })),
);
const SolBalanceChip = lazy(() =>
  import('../../features/wallet/components/sol-balance-chip.tsx').then((m) => ({
    default: m.SolBalanceChip,
  })),
);

/**
 * What a chip shows while its code downloads: its loading state's size and frame, so nothing moves
 * when it arrives.
 */
function ChipPlaceholder({ className }: { readonly className: string }) {
  return <span aria-hidden="true" className={`shrink-0 animate-pulse rounded-xl border ${className}`} />;
}

/** A chip whose code did not download: says so, and a tap reloads the page. */
function ChipFailed({ label, error }: { readonly label: string; readonly error: Error }) {
  return (
    <button
      type="button"
      aria-label={`${label} could not be loaded. Refresh`}
      title={`${label} could not be loaded: ${error.message}`}
      className="grid size-10 shrink-0 place-items-center rounded-xl border border-loss/40 bg-loss/10 font-bold text-loss"
      onClick={() => {
        location.reload();
      }}
    >
      !
    </button>
  );
}

/** The connected wallet's Juice and SOL chips. */
function WalletChips() {
  return (
    <>
      <LazyBoundary
        fallback={<ChipPlaceholder className="h-10 w-20 border-juice/30 bg-juice/10" />}
        failed={(error) => <ChipFailed label="Juice" error={error} />}
      >
        <JuicePopover />
      </LazyBoundary>
      <LazyBoundary
        fallback={<ChipPlaceholder className="h-9 w-[5.75rem] border-edge bg-panel-2/80" />}
        failed={(error) => <ChipFailed label="The SOL balance" error={error} />}
      >
        <SolBalanceChip />
      </LazyBoundary>
    </>
  );
}

/**
 * The Juice chip before a wallet is connected: the popover itself needs the wallet (balance, claim), so
 * a visitor gets a cheap chip that explains Juice and opens the connect dialog.
 */
function JuiceTeaser() {
  return (
    <button
      type="button"
      title={`Juice: earn it on every bet and claim it every ${JUICE_CLAIM_INTERVAL_SECS / 3_600} hours. Connect a wallet to start.`}
      aria-label="Juice: connect a wallet to earn and claim it"
      className="hidden h-10 shrink-0 items-center gap-1.5 rounded-xl border border-juice/30 bg-juice/10 px-3 text-sm font-semibold text-juice transition hover:bg-juice/15 xs:flex"
      onClick={() => {
        ui.openModal('connect');
      }}
    >
      <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
        <path d="M8 1.5C8 1.5 3 7 3 10a5 5 0 0 0 10 0c0-3-5-8.5-5-8.5Z" fill="currentColor" />
      </svg>
      Juice
    </button>
  );
}

/** Height of the header in px; the shell offsets its sticky columns by it. */
export const HEADER_HEIGHT = 64;

/**
 * The header: logo, Juice and balance (once a wallet is connected), admin, wallet, avatar,
 * sound and the sidebar toggle. On phones it keeps only what must be one tap away and fits 320 px: sound
 * moves into the tab bar's "More" menu (below md) and so does the feed/chat toggle (below sm).
 */
export function Header() {
  const sidebarOpen = useUiState((s) => s.sidebarOpen);
  const { wallet } = useWallet();
  return (
    <header
      className="flex items-center gap-2 border-b border-edge/80 bg-void px-3 sm:gap-3 sm:px-5"
      style={{ height: HEADER_HEIGHT }}
    >
      <Link to="/" aria-label="Arcade home" className="mr-auto shrink-0 rounded-xl">
        <ArcadeLogo />
      </Link>
      <div className="flex min-w-0 items-center gap-1.5 sm:gap-2 lg:gap-2.5">
        {wallet === null ? <JuiceTeaser /> : <WalletChips />}
        <AdminButton />
        <WalletButton />
        <ProfileAvatar />
        <div className="hidden shrink-0 md:block">
          <SoundToggle />
        </div>
        <button
          type="button"
          aria-label={sidebarOpen ? 'Hide feed and chat' : 'Show feed and chat'}
          aria-expanded={sidebarOpen}
          aria-controls="right-sidebar"
          className={`hidden size-10 shrink-0 place-items-center rounded-xl border transition sm:grid ${
            sidebarOpen
              ? 'border-accent/40 bg-accent/10 text-accent'
              : 'border-edge bg-white/5 text-ink-dim hover:text-ink'
          }`}
          onClick={() => {
            ui.toggleSidebar();
          }}
        >
          <SidebarIcon />
        </button>
      </div>
    </header>
  );
}
