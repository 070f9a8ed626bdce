import type { BlockedWallet } from '@arcade/sdk/api/admin';
import { useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { BLOCK_REASON_MAX_LENGTH } from '@arcade/sdk/constants';

import { useBlockWallet } from '../api/block-wallet.ts';
import { useBlockedWallets } from '../api/get-blocked-wallets.ts';
import { useUnblockWallet } from '../api/unblock-wallet.ts';
import {
  ConfirmBar,
  CopyAddress,
  Empty,
  Field,
  Loading,
  Panel,
  QueryError,
} from '../../../components/ui/admin-ui.tsx';

/** A base58 Solana address: 32 to 44 characters of the base58 alphabet. */
const ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Blocked wallets: they can no longer sign in or use an authenticated route. */
export function BlockedTab() {
  const blocked = useBlockedWallets();
  return (
    <div className="flex flex-col gap-4">
      <BlockForm />
      <Panel title="Blocked wallets">
        {blocked.isPending ? (
          <Loading label="Loading blocked wallets…" />
        ) : blocked.isError ? (
          <QueryError error={blocked.error} onRetry={() => void blocked.refetch()} />
        ) : blocked.data.length === 0 ? (
          <Empty>No wallet is blocked.</Empty>
        ) : (
          <ul className="flex flex-col divide-y divide-edge/60">
            {blocked.data.map((wallet) => (
              <li key={wallet.address} className="py-2.5">
                <BlockedRow wallet={wallet} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

function BlockForm() {
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ address?: string; reason?: string }>({});
  const block = useBlockWallet();

  function submit(event: SyntheticEvent): void {
    event.preventDefault();
    const found: { address?: string; reason?: string } = {};
    if (!ADDRESS_PATTERN.test(address.trim())) found.address = 'Invalid address';
    if (Array.from(reason.trim()).length > BLOCK_REASON_MAX_LENGTH)
      found.reason = `Reason cannot be longer than ${BLOCK_REASON_MAX_LENGTH} characters`;
    setErrors(found);
    if (found.address !== undefined || found.reason !== undefined) return;
    block.mutate(
      { address: address.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setAddress('');
          setReason('');
        },
      },
    );
  }

  return (
    <Panel title="Block a wallet">
      <form
        noValidate
        onSubmit={submit}
        aria-label="Block a wallet"
        className="grid gap-3 md:grid-cols-[1.2fr_1fr_auto] md:items-start"
      >
        <Field
          label="Wallet address"
          value={address}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setAddress(e.target.value);
          }}
          error={errors.address}
        />
        <Field
          label="Reason (optional)"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          error={errors.reason}
        />
        <Button type="submit" variant="danger" className="md:mt-6" pending={block.isPending}>
          Block
        </Button>
        {block.isError && (
          <p role="alert" className="text-xs text-loss md:col-span-3">
            {errorText(block.error)}
          </p>
        )}
      </form>
    </Panel>
  );
}

function BlockedRow({ wallet }: { readonly wallet: BlockedWallet }) {
  const [confirming, setConfirming] = useState(false);
  const unblock = useUnblockWallet();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <CopyAddress address={wallet.address} label="blocked address" />
          <p className="text-xs text-ink-dim">{wallet.reason === '' ? 'No reason given' : wallet.reason}</p>
          <p className="flex flex-wrap items-center gap-1 text-[11px] text-ink-faint">
            {formatDateTime(wallet.blockedAt * 1000)} by{' '}
            <CopyAddress address={wallet.blockedBy} label="admin address" />
          </p>
        </div>
        {!confirming && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setConfirming(true);
            }}
          >
            Unblock
          </Button>
        )}
      </div>
      {confirming && (
        <ConfirmBar
          message="Unblock this wallet? It can sign in and play again."
          confirmLabel="Unblock"
          tone="primary"
          pending={unblock.isPending}
          onCancel={() => {
            setConfirming(false);
          }}
          onConfirm={() => {
            unblock.mutate(wallet.address, {
              onSuccess: () => {
                setConfirming(false);
              },
            });
          }}
        />
      )}
      {unblock.isError && (
        <p role="alert" className="text-xs text-loss">
          {errorText(unblock.error)}
        </p>
      )}
    </div>
  );
}
