import { FAQ_HINTS } from '@arcade/sdk/messages';
import type { Wallet } from '@wallet-standard/base';
import { useEffect, useState } from 'react';

import { Spinner } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { runtimeConfig } from '../../../config/runtime-config.ts';
import { walletConnectErrorText } from '../../../lib/error-text.ts';
import { ui, useUiState } from '../../../lib/store.ts';
import { isLocalWallet, isUserRejection } from '../../../lib/wallet/standard.ts';
import { airdropText, useWalletList } from '../../../lib/wallet/wallet-context.tsx';
import { LedgerToggle } from './ledger-toggle.tsx';

/** Where to get a Solana wallet, for the empty state. */
const WALLET_DOWNLOADS = [
  { name: 'Phantom', url: 'https://phantom.com/download' },
  { name: 'Solflare', url: 'https://solflare.com/download' },
  { name: 'Backpack', url: 'https://backpack.app/download' },
] as const;

const REJECTED_HINT = FAQ_HINTS.find((hint) => hint.title === 'User Rejected Transaction');

/** The local test wallet's promise, shown on its entry. */
export const LOCAL_WALLET_DESCRIPTION = 'Local chain only — free SOL, no extension needed';

/**
 * The wallet connect dialog (modal 'connect'): the Solana wallets the browser has, the local test wallet
 * on the local chain, what to install when there is none, the connect's progress and errors, and the
 * Ledger switch sign-in uses.
 */
export function ConnectDialog() {
  const open = useUiState((s) => s.modal === 'connect');
  return (
    <Modal
      open={open}
      title="Connect a wallet"
      size="sm"
      onClose={() => {
        ui.closeModal();
      }}
      footer={<LedgerToggle />}
    >
      <WalletChoices />
    </Modal>
  );
}

/** The dialog's body; mounted while the dialog is open, so each opening starts clean. */
function WalletChoices() {
  const { wallets, connecting, connected, airdrop, connect } = useWalletList();
  const [error, setError] = useState<{ wallet: Wallet; error: unknown } | null>(null);
  const [chosen, setChosen] = useState<Wallet | null>(null);
  const localnet = runtimeConfig().cluster === 'localnet';

  const local = localnet ? (wallets.find(isLocalWallet) ?? null) : null;
  const installed = wallets.filter((wallet) => !isLocalWallet(wallet));

  // Close once the chosen wallet is connected (and, for the local wallet, funded).
  useEffect(() => {
    if (chosen !== null && connected === chosen && airdrop !== 'pending') ui.closeModal();
  }, [chosen, connected, airdrop]);

  const choose = (wallet: Wallet) => {
    setError(null);
    setChosen(wallet);
    connect(wallet).catch((cause: unknown) => {
      setChosen(null);
      setError({ wallet, error: cause });
    });
  };

  const funding = chosen !== null && connected === chosen && airdrop === 'pending';
  const busy = connecting !== null || funding;

  return (
    <div className="flex flex-col gap-4">
      {error !== null && (
        <div role="alert" className="rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm">
          {isUserRejection(error.error) && REJECTED_HINT !== undefined ? (
            <>
              <p className="font-semibold text-loss">{REJECTED_HINT.title}</p>
              <p className="mt-1 text-ink-dim">{REJECTED_HINT.hint}</p>
            </>
          ) : (
            <>
              <p className="font-semibold text-loss">{error.wallet.name} did not connect</p>
              <p className="mt-1 break-words text-ink-dim">{walletConnectErrorText(error.error)}</p>
            </>
          )}
        </div>
      )}

      {funding && (
        <p
          role="status"
          className="flex items-center gap-3 rounded-xl border border-accent/40 bg-accent/10 px-4 py-3 text-sm font-semibold text-accent"
        >
          <Spinner />
          {airdropText()}
        </p>
      )}

      {local !== null && (
        <section aria-labelledby="connect-local">
          <h3 id="connect-local" className="sr-only">
            Local test wallet
          </h3>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              choose(local);
            }}
            aria-describedby="connect-local-description"
            className="group relative flex w-full items-center gap-4 overflow-hidden rounded-2xl border border-accent/50 bg-gradient-to-br from-accent/15 via-panel-2 to-accent-2/10 p-4 text-left transition hover:border-accent hover:shadow-[0_0_28px_-8px_var(--color-accent)] disabled:cursor-not-allowed disabled:opacity-60"
          >
            <img src={local.icon} alt="" className="size-11 shrink-0 rounded-xl" />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-display text-sm font-bold text-ink">{local.name}</span>
                <span className="rounded-full bg-accent px-2 py-0.5 text-[10px] font-bold tracking-wider text-black uppercase">
                  Localnet
                </span>
              </span>
              <span id="connect-local-description" className="mt-1 block text-xs text-ink-dim">
                {LOCAL_WALLET_DESCRIPTION}
              </span>
            </span>
            {connecting === local ? <Spinner className="size-5 text-accent" /> : <Chevron />}
          </button>
        </section>
      )}

      <section aria-labelledby="connect-installed">
        <h3
          id="connect-installed"
          className="mb-2 text-xs font-semibold tracking-wider text-ink-faint uppercase"
        >
          {installed.length > 0 ? 'Installed wallets' : 'No wallet installed'}
        </h3>
        {installed.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {installed.map((wallet) => (
              <li key={wallet.name}>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    choose(wallet);
                  }}
                  className="flex w-full items-center gap-3 rounded-xl border border-edge bg-panel-2 px-3 py-3 text-left transition hover:border-accent/60 hover:bg-white/5 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <img src={wallet.icon} alt="" className="size-9 shrink-0 rounded-lg" />
                  <span className="min-w-0 flex-1 truncate font-semibold text-ink">{wallet.name}</span>
                  {connecting === wallet ? (
                    <span className="flex items-center gap-2 text-xs text-ink-dim">
                      <Spinner /> Connecting…
                    </span>
                  ) : (
                    <span className="rounded-full border border-win/40 bg-win/10 px-2 py-0.5 text-[11px] font-semibold text-win">
                      Detected
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-xl border border-dashed border-edge px-4 py-4 text-sm text-ink-dim">
            <p>
              A wallet holds your SOL and signs your bets. Install a Solana wallet extension (or open this
              page in a wallet app on your phone), then come back here.
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {WALLET_DOWNLOADS.map((download) => (
                <li key={download.name}>
                  <a
                    href={download.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 rounded-lg border border-edge px-3 py-1.5 text-xs font-semibold text-ink transition hover:border-accent hover:text-accent"
                  >
                    Get {download.name}
                    <span aria-hidden="true">↗</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 20 20" className="size-5 text-accent" aria-hidden="true">
      <path d="M8 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
