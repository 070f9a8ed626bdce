import { BPS_DENOMINATOR, REFERRAL_SHARE_BPS } from '@arcade/sdk/constants';
import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { useEffect, useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatExactSol, formatLamports, formatSol } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useClaimReferral } from '../api/claim-referral.ts';
import { useCreateReferral } from '../api/create-referral.ts';
import { useReferralStats } from '../api/get-referral-stats.ts';
import { useReferralVault } from '../api/get-referral-vault.ts';

/** The referrer's share of the fees, in percent (10). */
const SHARE_PERCENT = Number((REFERRAL_SHARE_BPS * 100n) / BPS_DENOMINATOR);

/** How long "Copied!" stays. */
const COPIED_MS = 2_000;

/** Props of {@link ReferralSection}. */
export interface ReferralSectionProps {
  readonly address: string;
  /** The wallet's referral code, or null before it creates one. */
  readonly code: string | null;
}

/** The link people sign up with. */
export function referralLink(code: string): string {
  return `${window.location.origin}/?ref=${encodeURIComponent(code)}`;
}

function InfoTip() {
  const tipId = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-label="How referrals work"
        aria-describedby={tipId}
        aria-expanded={open}
        onClick={() => {
          setOpen((v) => !v);
        }}
        onMouseEnter={() => {
          setOpen(true);
        }}
        onMouseLeave={() => {
          setOpen(false);
        }}
        onBlur={() => {
          setOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="grid size-5 place-items-center rounded-full border border-edge text-[11px] font-bold text-ink-dim transition hover:border-accent/60 hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
      >
        ?
      </button>
      <span
        id={tipId}
        role="tooltip"
        className={`absolute top-7 -left-2 z-10 w-64 rounded-xl border border-edge bg-panel-2 p-3 text-xs leading-relaxed text-ink-dim shadow-xl transition ${
          open ? 'visible opacity-100' : 'invisible opacity-0'
        }`}
      >
        Share your link. You earn <strong className="text-accent">{SHARE_PERCENT}% of the fees</strong> on
        every bet placed by the players who sign up through it, credited in SOL to your referral vault on
        chain as each bet settles. Claim it whenever you like.
      </span>
    </span>
  );
}

function ReferralStatsRow({ address }: { readonly address: string }) {
  const stats = useReferralStats(address);
  const cell = 'flex-1 rounded-xl border border-edge bg-base/60 px-3 py-2.5';
  if (stats.isError) {
    return (
      <p role="alert" className="text-xs text-loss">
        Could not load referral stats: {errorText(stats.error)}
      </p>
    );
  }
  return (
    <dl className="flex gap-2" aria-busy={stats.isPending}>
      <div className={cell}>
        <dt className="text-[11px] tracking-wider text-ink-faint uppercase">Referred players</dt>
        <dd className="tabular font-display text-lg text-ink">
          {stats.isPending ? (
            <span className="inline-block h-5 w-8 animate-pulse rounded bg-panel-2" />
          ) : (
            stats.data.referredUserCount.toLocaleString('en-US')
          )}
        </dd>
      </div>
      <div className={cell}>
        <dt className="text-[11px] tracking-wider text-ink-faint uppercase">Fees earned</dt>
        <dd className="tabular font-display text-lg text-accent">
          {stats.isPending ? (
            <span className="inline-block h-5 w-16 animate-pulse rounded bg-panel-2" />
          ) : (
            <>
              {formatLamports(stats.data.fees)} <span className="text-xs text-ink-dim">SOL</span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * What the wallet's referral vault holds to claim, with "Claim" (`claim_referral`). The amount is the
 * server's (`claimable` of the referral stats); when the server does not send it, and after a claim (its
 * index may lag the chain), the vault is read on chain. `always`: show it even when nothing is claimable
 * (a wallet with a referral link); otherwise only when there is something to claim (a market referrer).
 */
function ReferralEarnings({ address, always }: { readonly address: string; readonly always: boolean }) {
  const stats = useReferralStats(address);
  const { mutation: claim, canClaim, user } = useClaimReferral();
  const [claimedHere, setClaimedHere] = useState(false);
  const fromServer = stats.data?.claimable ?? null;
  const readChain = stats.isSuccess && (fromServer === null || claimedHere);
  const vault = useReferralVault(address, readChain);
  const claimable = readChain ? (vault.data?.claimable ?? null) : fromServer;
  const claimed = readChain ? (vault.data?.claimed ?? null) : (stats.data?.claimed ?? null);
  const ownWallet = user === address;

  if (stats.isError || (readChain && vault.isError)) return null;
  if (!always && (claimable === null || claimable === 0n)) return null;

  const onClaim = async () => {
    try {
      await claim.mutateAsync();
      setClaimedHere(true);
      toast.success(SUCCESS_TOASTS.claimed);
    } catch (error) {
      toast.failure(FAILURE_TOASTS.claim, error);
    }
  };

  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-accent/30 bg-accent/5 px-3 py-2.5"
      aria-busy={claimable === null}
    >
      <div className="min-w-0 flex-1">
        <p className="text-[11px] tracking-wider text-ink-faint uppercase" id="referral-claimable">
          Claimable
        </p>
        <p className="tabular font-display text-lg text-accent" aria-labelledby="referral-claimable">
          {claimable === null ? (
            <span className="inline-block h-5 w-16 animate-pulse rounded bg-panel-2" />
          ) : (
            <>
              <span title={formatExactSol(claimable)}>{formatLamports(claimable)}</span>{' '}
              <span className="text-xs text-ink-dim">SOL</span>
            </>
          )}
        </p>
        {claimed !== null && claimed > 0n && (
          <p className="tabular text-[11px] text-ink-faint" title={formatExactSol(claimed)}>
            Claimed so far {formatSol(claimed)}
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant="up"
        pending={claim.isPending}
        disabled={!canClaim || !ownWallet || claimable === null || claimable === 0n}
        title={
          !ownWallet ? 'Connect this wallet to claim' : claimable === 0n ? 'Nothing to claim yet' : undefined
        }
        onClick={() => {
          void onClaim();
        }}
      >
        Claim
      </Button>
    </div>
  );
}

/** The referral link with its copy button, the stats and a tooltip on the referrer's share. */
export function ReferralSection({ address, code }: ReferralSectionProps) {
  const create = useCreateReferral();
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const onCreate = async () => {
    try {
      await create.mutateAsync();
      toast.success(SUCCESS_TOASTS.createdReferral);
    } catch (error) {
      toast.failure(FAILURE_TOASTS.createReferral, error);
    }
  };

  const onCopy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyError(null);
      setCopied(true);
    } catch {
      setCopyError('Copy failed: select the link and copy it by hand.');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-semibold tracking-wider text-ink-dim uppercase">Referrals</h3>
        <InfoTip />
      </div>
      {code === null ? (
        <>
          <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-accent/40 bg-accent/5 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink-dim">
              Invite friends and earn <span className="font-semibold text-accent">{SHARE_PERCENT}%</span> of
              their fees.
            </p>
            <Button
              size="sm"
              pending={create.isPending}
              onClick={() => {
                void onCreate();
              }}
            >
              Create referral link
            </Button>
          </div>
          <ReferralEarnings address={address} always={false} />
        </>
      ) : (
        <>
          <div className="flex items-center gap-2 rounded-xl border border-edge bg-base/60 p-1.5 pl-3">
            <input
              readOnly
              value={referralLink(code)}
              aria-label="Your referral link"
              onFocus={(event) => {
                event.currentTarget.select();
              }}
              className="tabular min-w-0 flex-1 truncate bg-transparent text-sm text-ink outline-none"
            />
            <Button
              variant={copied ? 'up' : 'secondary'}
              size="sm"
              onClick={() => {
                void onCopy(referralLink(code));
              }}
              aria-live="polite"
            >
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </div>
          {copyError !== null && (
            <p role="alert" className="text-xs text-loss">
              {copyError}
            </p>
          )}
          <ReferralStatsRow address={address} />
          <ReferralEarnings address={address} always />
        </>
      )}
    </div>
  );
}
