import { useProfile } from '../../../lib/user-profile.ts';
import { ui } from '../../../lib/store.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { UserAvatar } from './user-avatar.tsx';

/**
 * The header's avatar: the connected wallet's profile picture (or identicon). It opens the profile modal,
 * or the wallet connect dialog when no wallet is connected.
 */
export function ProfileAvatar() {
  const { wallet } = useWallet();
  const address = wallet?.address ?? null;
  const profile = useProfile(address);

  if (address === null) {
    return (
      <button
        type="button"
        onClick={() => {
          ui.openModal('connect');
        }}
        aria-label="Connect a wallet to open your profile"
        className="grid size-10 shrink-0 place-items-center rounded-full border border-edge bg-panel-2 text-ink-dim transition hover:border-accent/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <circle cx="12" cy="8.5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M5 19.5c1.4-3.4 4-5 7-5s5.6 1.6 7 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </button>
    );
  }

  const name = profile.data?.username ?? null;
  return (
    <button
      type="button"
      onClick={() => {
        ui.openModal('profile');
      }}
      aria-label={name === null ? 'Open your profile' : `Open your profile (${name})`}
      className="group relative shrink-0 rounded-full p-0.5 transition focus-visible:outline-2 focus-visible:outline-accent"
      style={{ background: 'linear-gradient(135deg, var(--color-accent), var(--color-accent-2))' }}
    >
      <UserAvatar
        address={address}
        image={profile.data?.pfpImage ?? null}
        size={36}
        className="ring-2 ring-void transition group-hover:brightness-110"
      />
      {profile.isSuccess && profile.data.username === null && (
        <span
          className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-accent-2 ring-2 ring-void"
          aria-hidden="true"
        />
      )}
    </button>
  );
}
