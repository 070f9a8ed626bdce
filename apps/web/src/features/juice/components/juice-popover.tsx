import { JUICE_CLAIM_INTERVAL_SECS, JUICE_DECIMALS, JUICE_MULTIPLIER } from '@arcade/sdk/constants';
import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { Button } from '../../../components/ui/button.tsx';
import { formatNumber, formatTokenAmount } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session.tsx';
import { ui } from '../../../lib/store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { pnlKey } from '../../../lib/query-keys.ts';
import { JUICE_CLAIM_PROGRAMS, requestJuiceClaim } from '../api/claim-juice.ts';
import { juiceKey, useJuice, type JuiceStatus } from '../../../lib/juice/get-juice.ts';
import { useNow } from '../../../lib/use-now.ts';
import { claimOpensAt, clockCountdown } from '../utils/claim-window.ts';

/** Where the popover sits: under the chip, right-aligned to it, kept on screen. */
interface PanelPosition {
  readonly top: number;
  readonly right: number;
}

/** Margin kept between the popover and the screen's edge. */
const EDGE = 12;

function panelPosition(anchor: HTMLElement): PanelPosition {
  const rect = anchor.getBoundingClientRect();
  // Matches the panel's CSS width, min(20rem, 100vw - 1.5rem), so a chip near the left edge stays reachable.
  const width = Math.min(320, window.innerWidth - 2 * EDGE);
  const right = Math.min(window.innerWidth - rect.right, window.innerWidth - EDGE - width);
  return { top: rect.bottom + 8, right: Math.max(EDGE, right) };
}

const CLAIM_INTERVAL_HOURS = JUICE_CLAIM_INTERVAL_SECS / 3_600;

/** Shown when the Juice request failed: on the chip's tooltip and at the top of the popover's retry. */
const LOAD_FAILED = 'Juice could not be loaded';

function JuiceDrop({ className }: { readonly className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="juice-drop" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd36b" />
          <stop offset="1" stopColor="#ff8a00" />
        </linearGradient>
      </defs>
      <path
        d="M12 2.5c3.6 4.6 6.5 8.2 6.5 11.7a6.5 6.5 0 0 1-13 0C5.5 10.7 8.4 7.1 12 2.5Z"
        fill="url(#juice-drop)"
      />
      <path
        d="M9 14.5a3 3 0 0 0 3 3"
        fill="none"
        stroke="#fff"
        strokeOpacity=".75"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ClaimPanel({ juice, address }: { readonly juice: JuiceStatus; readonly address: string }) {
  const auth = useSession();
  const { session, status } = auth;
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const now = useNow(1_000);
  const [claiming, setClaiming] = useState(false);

  const opensAt = claimOpensAt(juice);
  const waiting = opensAt > now;
  // Never more than the interval: a device clock a moment behind the server's must not read 24:00:01.
  const left = Math.min(opensAt - now, JUICE_CLAIM_INTERVAL_SECS * 1_000);
  const signedIn = status === 'signed-in' && session !== null && session.address === address;
  const nothing = juice.claimable <= 0n;
  const disabled = waiting || nothing || !signedIn || send === null;

  const claim = async () => {
    if (session === null || send === null) return;
    setClaiming(true);
    const id = toast.info('Preparing your Juice claim…');
    try {
      const issued = await requestJuiceClaim(session.token);
      toast.update(
        id,
        'info',
        `Approve the claim of ${formatTokenAmount(issued.amount, JUICE_DECIMALS)} Juice in your wallet…`,
      );
      // The server builds the claim; the wallet only sees it if it does nothing but create the Juice account and mint.
      const base = { transaction: issued.transaction, expect: { programs: JUICE_CLAIM_PROGRAMS } };
      // The expiry is optional on both sides: without it the sender falls back to its own resend window.
      const input =
        issued.lastValidBlockHeight === null
          ? base
          : { ...base, lastValidBlockHeight: issued.lastValidBlockHeight };
      await send(input);
      toast.update(id, 'success', SUCCESS_TOASTS.claimed);
    } catch (error) {
      toast.dismiss(id);
      toast.failure(FAILURE_TOASTS.claim, error);
    } finally {
      setClaiming(false);
      // The popover and the History page read the same Juice query; the PnL also sums the wallet's Juice.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: juiceKey(address) }),
        queryClient.invalidateQueries({ queryKey: pnlKey(address) }),
      ]);
    }
  };

  let hint: string | null = null;
  if (!signedIn) hint = 'Sign in to claim your Juice.';
  else if (waiting) hint = null;
  else if (nothing) hint = 'Nothing to claim yet: place a bet to earn Juice.';

  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border border-juice/30 bg-juice/10 p-3">
        <p className="text-[11px] tracking-wider text-ink-faint uppercase">Claimable</p>
        <p className="tabular font-display text-2xl font-bold text-juice" data-testid="juice-claimable">
          {formatTokenAmount(juice.claimable, JUICE_DECIMALS)}
        </p>
        <p className="tabular text-xs text-ink-dim" data-testid="juice-earned-claimed">
          Earned {formatTokenAmount(juice.earned, JUICE_DECIMALS)} · claimed{' '}
          {formatTokenAmount(juice.claimed, JUICE_DECIMALS)}
        </p>
        <p className="mt-1 flex items-center justify-between gap-2 text-xs text-ink-dim">
          <span>Next claim</span>
          <span
            className="tabular font-mono text-sm text-ink"
            role="timer"
            aria-live="off"
            data-testid="juice-countdown"
          >
            {waiting ? clockCountdown(left) : 'Ready'}
          </span>
        </p>
      </div>
      {status === 'signed-out' ? (
        <Button
          variant="secondary"
          onClick={() => {
            void auth.signIn();
          }}
        >
          Sign in to claim
        </Button>
      ) : (
        <Button
          onClick={() => {
            void claim();
          }}
          disabled={disabled}
          pending={claiming || status === 'signing-in'}
          className="bg-juice shadow-[0_0_24px_-6px_var(--color-juice)]"
        >
          {waiting ? `Claim in ${clockCountdown(left)}` : 'Claim'}
        </Button>
      )}
      {hint !== null && <p className="text-xs text-ink-faint">{hint}</p>}
    </div>
  );
}

/**
 * The header's Juice chip and its popover: balance, claimable Juice, a live countdown to the next claim
 * (one every 24 hours) and the Claim button.
 */
export function JuicePopover() {
  const { wallet } = useWallet();
  const { session } = useSession();
  const address = wallet?.address ?? session?.address ?? null;
  const juice = useJuice(address);
  // Only drives the chip's "ready" dot, so a coarse clock is enough.
  const now = useNow(30_000);
  const [position, setPosition] = useState<PanelPosition | null>(null);
  const open = position !== null;
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !panel.current?.contains(target)) setPosition(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPosition(null);
    };
    const onResize = () => {
      if (root.current) setPosition(panelPosition(root.current));
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

  const balance = juice.data === undefined ? null : formatTokenAmount(juice.data.balance, JUICE_DECIMALS);
  // A failed read is not a zero balance: the chip says it does not know, and why, until a retry succeeds.
  const failed = juice.data === undefined && juice.isError && !juice.isFetching;
  const chipTitle = failed ? `${LOAD_FAILED}: ${errorText(juice.error)}` : undefined;
  const claimReady = juice.data !== undefined && juice.data.claimable > 0n && claimOpensAt(juice.data) <= now;

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="dialog"
        aria-label={balance !== null ? `Juice: ${balance}` : failed ? `Juice: ${LOAD_FAILED}` : 'Juice'}
        title={chipTitle}
        onClick={(event) => {
          setPosition(open ? null : panelPosition(event.currentTarget));
        }}
        className={`relative flex h-10 items-center gap-1.5 rounded-xl border border-juice/30 bg-juice/10 pr-3 pl-2 text-sm font-semibold text-juice transition hover:border-juice/60 hover:bg-juice/15 focus-visible:outline-2 focus-visible:outline-juice ${
          open ? 'border-juice/70' : ''
        }`}
      >
        <JuiceDrop className="size-5" />
        <span className="tabular font-display text-[13px]">
          {balance ??
            (juice.isFetching ? (
              <span className="inline-block h-3 w-8 animate-pulse rounded bg-juice/30" />
            ) : failed ? (
              '—'
            ) : (
              '0'
            ))}
        </span>
        {failed && (
          <span
            className="absolute -top-1 -right-1 grid size-3.5 place-items-center rounded-full bg-loss text-[9px] leading-none font-bold text-white ring-2 ring-void"
            aria-hidden="true"
          >
            !
          </span>
        )}
        {claimReady && (
          <span
            className="absolute -top-1 -right-1 size-2.5 animate-pulse rounded-full bg-accent ring-2 ring-void"
            aria-hidden="true"
          />
        )}
      </button>

      {position !== null &&
        createPortal(
          <div
            ref={panel}
            id={panelId}
            role="dialog"
            aria-label="Juice"
            style={{ top: position.top, right: position.right }}
            className="fixed z-50 w-[min(20rem,calc(100vw-1.5rem))] animate-pop-in rounded-2xl border border-edge bg-panel p-4 shadow-[0_24px_60px_-12px_rgb(0_0_0/0.8),0_0_40px_-20px_var(--color-juice)]"
          >
            <div className="mb-3 flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-xl bg-juice/15 shadow-[0_0_24px_-8px_var(--color-juice)]">
                <JuiceDrop className="size-7" />
              </span>
              <div>
                <p className="text-[11px] tracking-wider text-ink-faint uppercase">Juice balance</p>
                <p className="tabular font-display text-xl font-bold text-ink" data-testid="juice-balance">
                  {balance ?? '—'}
                </p>
              </div>
            </div>

            {address === null ? (
              <div className="flex flex-col gap-3">
                <p className="text-sm text-ink-dim">Connect a wallet to see and claim your Juice.</p>
                <Button
                  onClick={() => {
                    setPosition(null);
                    ui.openModal('connect');
                  }}
                >
                  Connect wallet
                </Button>
              </div>
            ) : juice.isPending ? (
              <div
                className="h-32 animate-pulse rounded-xl bg-panel-2"
                aria-busy="true"
                aria-label="Loading Juice"
              />
            ) : juice.data === undefined ? (
              <div
                role="alert"
                className="flex flex-col gap-2 rounded-xl border border-loss/40 bg-loss/10 p-3"
              >
                <p className="text-sm font-semibold text-loss">{LOAD_FAILED}</p>
                <p className="text-xs text-ink-dim">{errorText(juice.error)}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  pending={juice.isFetching}
                  onClick={() => {
                    void juice.refetch();
                  }}
                >
                  Try again
                </Button>
              </div>
            ) : (
              <>
                {juice.isError && (
                  <div
                    role="alert"
                    className="mb-3 flex items-center justify-between gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-xs text-loss"
                  >
                    <span>Could not refresh: showing the last known Juice.</span>
                    <Button
                      variant="ghost"
                      size="sm"
                      pending={juice.isFetching}
                      onClick={() => {
                        void juice.refetch();
                      }}
                    >
                      Retry
                    </Button>
                  </div>
                )}
                <ClaimPanel juice={juice.data} address={address} />
              </>
            )}

            <p className="mt-3 border-t border-edge pt-3 text-xs leading-relaxed text-ink-dim">
              Earn{' '}
              <span className="font-semibold text-juice">{formatNumber(Number(JUICE_MULTIPLIER))} Juice</span>{' '}
              for every 1 SOL you wager, on every bet, prediction and Foresight round. Claim once every{' '}
              {CLAIM_INTERVAL_HOURS} hours.
            </p>
          </div>,
          document.body,
        )}
    </div>
  );
}
