import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { runtimeConfig } from '../../../config/runtime-config.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';

/**
 * The blocked-wallet notice (docs/reference/roles.md#people): shown while the server refuses the connected
 * wallet. It cannot be dismissed; the only ways out are the community chat and disconnecting the wallet.
 */
export function WalletBlockedModal() {
  const { blocked } = useSession();
  const walletState = useWallet();
  const { wallet } = walletState;
  const [disconnecting, setDisconnecting] = useState(false);

  const onDisconnect = async () => {
    setDisconnecting(true);
    try {
      await walletState.disconnect();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setDisconnecting(false);
    }
  };

  return (
    <Modal
      open={blocked}
      title="Wallet blocked"
      size="sm"
      footer={
        <div className="flex flex-col gap-2 sm:flex-row">
          <a
            href={runtimeConfig().communityChatUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex h-10 flex-1 items-center justify-center rounded-xl bg-accent px-4 text-sm font-semibold text-black transition hover:brightness-110"
          >
            Open community chat
          </a>
          <Button
            variant="secondary"
            className="flex-1"
            pending={disconnecting}
            onClick={() => void onDisconnect()}
          >
            Disconnect
          </Button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <span
          className="grid size-16 place-items-center rounded-2xl border border-loss/40 bg-loss/10 text-loss shadow-[0_0_36px_-10px_var(--color-loss)]"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="size-8">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M5.6 5.6l12.8 12.8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <p className="text-sm leading-relaxed text-ink-dim">
          This wallet
          {wallet !== null && (
            <>
              {' '}
              <span className="font-mono text-ink">{wallet.address}</span>
            </>
          )}{' '}
          has been blocked from playing. If you think this is a mistake, contact the team on the community
          chat.
        </p>
      </div>
    </Modal>
  );
}
