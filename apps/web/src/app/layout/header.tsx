import { Link } from 'react-router';

import { AdminButton } from '../../features/admin/components/admin-button.tsx';
import { JuicePopover } from '../../features/juice/components/juice-popover.tsx';
import { ProfileAvatar } from '../../features/profile/components/profile-avatar.tsx';
import { SoundToggle } from '../../features/sound/components/sound-toggle.tsx';
import { SolBalanceChip } from '../../features/wallet/components/sol-balance-chip.tsx';
import { WalletButton } from '../../features/wallet/components/wallet-button.tsx';
import { ui, useUiState } from '../../lib/store.ts';
import { ArcadeLogo } from './arcade-logo.tsx';
import { SidebarIcon } from './nav-icons.tsx';

/** Height of the header in px; the shell offsets its sticky columns by it. */
export const HEADER_HEIGHT = 64;

/** The header (spec §2): logo, Juice, balance, admin, wallet, avatar, sound and the sidebar toggle. */
export function Header() {
  const sidebarOpen = useUiState((s) => s.sidebarOpen);
  return (
    <header
      className="flex items-center gap-2 border-b border-edge/80 bg-void/80 px-3 backdrop-blur-xl sm:gap-3 sm:px-5"
      style={{ height: HEADER_HEIGHT }}
    >
      <Link to="/" aria-label="Arcade home" className="mr-auto shrink-0 rounded-xl">
        <ArcadeLogo />
      </Link>
      <div className="flex min-w-0 items-center gap-1.5 sm:gap-2">
        <JuicePopover />
        <SolBalanceChip />
        <AdminButton />
        <WalletButton />
        <ProfileAvatar />
        <SoundToggle />
        <button
          type="button"
          aria-label={sidebarOpen ? 'Hide feed and chat' : 'Show feed and chat'}
          aria-expanded={sidebarOpen}
          aria-controls="right-sidebar"
          className={`grid size-10 shrink-0 place-items-center rounded-xl border transition ${
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
