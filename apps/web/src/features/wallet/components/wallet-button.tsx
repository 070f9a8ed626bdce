import { useEffect, useId, useRef, useState } from 'react';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { shortAddress } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { ui } from '../../../lib/store.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { LedgerToggle } from './ledger-toggle.tsx';

const STATUS_TEXT = { 'signed-in': 'Signed in', 'signing-in': 'Signing in…', 'signed-out': 'Not signed in' };

/**
 * The header's wallet button: "Connect wallet" opens the connect dialog; once connected it shows the
 * wallet and short address, with a menu to copy the address, sign in or out, switch Ledger mode and
 * disconnect. When the user declined the sign-in, a "Sign in" button sits next to it.
 */
export function WalletButton() {
  const { wallet, connecting, disconnect } = useWallet();
  const { status, signIn, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, 1500);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  if (wallet === null) {
    const label = connecting ? 'Connecting…' : 'Connect wallet';
    // Below sm the label would wrap and push the header off-screen, so the button becomes a square icon.
    return (
      <Button
        size="md"
        pending={connecting}
        aria-label={label}
        title={label}
        className="shrink-0 whitespace-nowrap max-sm:w-10 max-sm:px-0"
        onClick={() => {
          ui.openModal('connect');
        }}
      >
        {!connecting && <WalletIcon />}
        <span className="max-sm:hidden">{label}</span>
      </Button>
    );
  }

  const item =
    'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-ink transition hover:bg-white/6 focus-visible:bg-white/6 focus-visible:outline-none disabled:opacity-50';

  return (
    <div ref={root} className="relative flex items-center gap-2">
      {status === 'signed-out' && (
        <Button
          variant="secondary"
          size="sm"
          className="hidden sm:inline-flex"
          onClick={() => {
            void signIn();
          }}
        >
          Sign in
        </Button>
      )}
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((o) => !o);
        }}
        className="flex h-10 shrink-0 items-center gap-2 rounded-xl border border-edge bg-panel-2 pr-1.5 pl-1.5 text-sm font-semibold text-ink transition hover:border-accent/60 sm:pr-3"
      >
        <span className="relative">
          <img src={wallet.icon} alt="" className="size-7 rounded-lg" />
          <span
            aria-hidden="true"
            className={`absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-panel-2 ${
              status === 'signed-in'
                ? 'bg-win'
                : status === 'signing-in'
                  ? 'bg-juice animate-pulse'
                  : 'bg-ink-faint'
            }`}
          />
        </span>
        <span className="font-display tabular max-sm:sr-only">{shortAddress(wallet.address)}</span>
        <span className="sr-only">
          {wallet.walletName}, {STATUS_TEXT[status]}
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Wallet"
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-2xl border border-edge bg-panel p-2 shadow-2xl animate-pop-in"
        >
          <div className="flex items-center gap-3 px-3 pt-2 pb-3">
            <img src={wallet.icon} alt="" className="size-9 rounded-xl" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-ink">{wallet.walletName}</p>
              <p className="flex items-center gap-1.5 text-xs text-ink-dim">
                {status === 'signing-in' && <Spinner className="size-3" />}
                {STATUS_TEXT[status]}
              </p>
            </div>
          </div>
          <div className="border-t border-edge pt-1">
            <button
              type="button"
              role="menuitem"
              className={item}
              onClick={() => {
                void navigator.clipboard.writeText(wallet.address).then(() => {
                  setCopied(true);
                });
              }}
            >
              {copied ? 'Copied!' : 'Copy address'}
            </button>
            {status === 'signed-in' ? (
              <button
                type="button"
                role="menuitem"
                className={item}
                onClick={() => {
                  signOut();
                  setOpen(false);
                }}
              >
                Sign out
              </button>
            ) : (
              <button
                type="button"
                role="menuitem"
                className={item}
                disabled={status === 'signing-in'}
                onClick={() => {
                  setOpen(false);
                  void signIn();
                }}
              >
                {status === 'signing-in' ? 'Signing in…' : 'Sign in'}
              </button>
            )}
            <div className="px-2">
              <LedgerToggle compact />
            </div>
            <button
              type="button"
              role="menuitem"
              className={`${item} text-loss`}
              onClick={() => {
                setOpen(false);
                void disconnect();
              }}
            >
              Disconnect
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** A wallet glyph for the icon-only connect button. */
function WalletIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M19 7V5.5A1.5 1.5 0 0 0 17.5 4H5a2 2 0 0 0 0 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
      <path d="M16.5 14h.01" strokeWidth="3" />
    </svg>
  );
}
