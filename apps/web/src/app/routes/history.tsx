import { isAddress } from '@solana/kit';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '../../components/ui/button.tsx';
import { pnlQueryOptions } from '../../features/history/api/get-pnl.ts';
import { PNL_GAMES, type PnlGame } from '@arcade/sdk/api/history';
import type { TailSpinType } from '../../lib/history/get-history.ts';
import { AddressLookup, INVALID_ADDRESS } from '../../features/history/components/address-lookup.tsx';
import { HistoryTabs } from '../../features/history/components/history-tabs.tsx';
import { PnlSummary } from '../../features/history/components/pnl-summary.tsx';
import { shortAddress } from '../../lib/format.ts';
import { ui } from '../../lib/store.ts';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';
import { ensureData } from './data/ensure-data.ts';

const isGame = (value: string | null): value is PnlGame => PNL_GAMES.includes(value as PnlGame);

/**
 * With `?address=`, starts loading that wallet's profit and loss with the page (without holding the page:
 * the summary has its own skeleton). The connected wallet is known only once the page renders.
 */
export function loader({ request }: LoaderFunctionArgs): null {
  const address = new URL(request.url).searchParams.get('address');
  if (address !== null && isAddress(address)) ensureData(pnlQueryOptions(address)).catch(() => undefined);
  return null;
}

/**
 * History and PnL (`/history`, `/history?address=<wallet>`): one view over the four games for the connected
 * wallet, or read-only for any wallet: the profit and loss summed over its whole history, then each game's
 * bets, 20 at a time.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const { wallet } = useWallet();
  const param = params.get('address')?.trim() ?? null;
  const own = wallet?.address ?? null;
  const address = param ?? own;
  const game: PnlGame = isGame(params.get('game')) ? (params.get('game') as PnlGame) : 'tailspin';
  const type = params.get('type');
  const betType: TailSpinType = type === 'sol' || type === 'token' ? type : null;
  const viewingOther = param !== null && param !== own;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto flex max-w-[1400px] flex-col gap-4 pb-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-display text-xs font-bold tracking-[0.25em] text-accent uppercase">
            All four games
          </p>
          <h1 className="font-display text-2xl font-bold sm:text-3xl">History</h1>
          {address !== null && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-ink-dim">
              <span className="font-mono text-ink" title={address} translate="no">
                {shortAddress(address, 6)}
              </span>
              {viewingOther ? (
                <span className="rounded-md bg-info/15 px-1.5 py-0.5 text-xs font-bold text-info">
                  Another wallet · read-only
                </span>
              ) : (
                <span className="rounded-md bg-accent/15 px-1.5 py-0.5 text-xs font-bold text-accent">
                  Your wallet
                </span>
              )}
              {viewingOther && own !== null && (
                <Link
                  to="/history"
                  className="font-semibold text-accent underline decoration-accent/40 underline-offset-2"
                >
                  Back to yours
                </Link>
              )}
            </p>
          )}
        </div>
        <div className="w-full sm:w-[26rem]">
          <AddressLookup
            onLookup={(next) => {
              update({ address: next === own ? null : next });
            }}
          />
        </div>
      </header>

      {address === null ? (
        <section className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
          <h2 className="font-display text-lg font-bold">Connect a wallet to see your history</h2>
          <p className="max-w-md text-sm text-ink-dim">
            Every bet you place in TailSpin, ReTail, Foresight and Prophecy, what it won or lost, the fees,
            your Juice and your referral earnings, in one place.
          </p>
          <Button
            onClick={() => {
              ui.openModal('connect');
            }}
          >
            Connect wallet
          </Button>
        </section>
      ) : !isAddress(address) ? (
        <section role="alert" className="card p-6 text-center">
          <p className="font-semibold text-loss">{INVALID_ADDRESS}</p>
          <p className="mt-1 text-sm text-ink-dim">“{address}” is not a Solana wallet address.</p>
        </section>
      ) : (
        <>
          <PnlSummary address={address} />
          <HistoryTabs
            address={address}
            own={!viewingOther}
            game={game}
            onGameChange={(next) => {
              update({ game: next === 'tailspin' ? null : next, type: null });
            }}
            betType={betType}
            onBetTypeChange={(next) => {
              update({ type: next });
            }}
          />
        </>
      )}
    </div>
  );
}
