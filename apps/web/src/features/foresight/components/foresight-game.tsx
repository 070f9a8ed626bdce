import { FORESIGHT_FEE_BPS, FORESIGHT_TIMELOCK_SECS, MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { BET_ACCOUNT_SIZE } from '@arcade/sdk/foresight/accounts';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatPercent, formatSol } from '../../../lib/format.ts';
import { ui } from '../../../lib/store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useRent } from '../../../lib/wallet/rent.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { boardRounds, isBoardOutdated, useBoard } from '../api/get-board.ts';
import { addPricePoints, useOraclePrice } from '../api/get-price.ts';
import { usePredictionHistory } from '../api/get-prediction-history.ts';
import { useBalance, useUserBets } from '../api/get-user-bets.ts';
import { solAsset } from '../api/foresight-program.ts';
import { useBetActions } from '../hooks/use-bet-actions.ts';
import { useForesightLive } from '../hooks/use-foresight-live.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useResultSound } from '../hooks/use-result-sound.ts';
import { roundPricePoints } from '../utils/price-history.ts';
import { withClosedBets } from '../utils/closed-bets.ts';
import { roundLength } from '../utils/round-length.ts';
import { roundStage } from '../utils/round-view.ts';
import { BetForm } from './bet-form.tsx';
import { BetPosition } from './bet-position.tsx';
import { OracleReceipt } from './oracle-receipt.tsx';
import { PredictionHistory } from './prediction-history.tsx';
import { PricePanel } from './price-panel.tsx';
import { RoundCard } from './round-card.tsx';

/** Props of {@link ForesightGame}. */
export interface ForesightGameProps {
  readonly symbol: 'SOL';
  /** The game's title block (title, help button, cover), drawn by the route. */
  readonly header: ReactNode;
}

/** The chart first shows this many rounds' worth of price. */
const CHART_WINDOW_ROUNDS = 3;

function connect(): void {
  ui.openModal('connect');
}

export { roundLength };

function CardSkeleton({ tall = false }: { readonly tall?: boolean }) {
  return <div className={`card animate-pulse ${tall ? 'h-[30rem]' : 'h-80'}`} aria-hidden="true" />;
}

/**
 * Foresight: the live oracle price and chart, the locked, live and next rounds, the last 8 settled ones,
 * the player's bets with Settle and Withdraw (each also closing the bet's account), and their history with
 * Reclaim deposits. A card whose bet account is closed takes the bet from the history.
 */
export function ForesightGame({ symbol, header }: ForesightGameProps) {
  const asset = useMemo(() => solAsset(), []);
  const queryClient = useQueryClient();
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const board = useBoard(asset);
  const price = useOraclePrice(asset.priceAccount);
  const now = useNow(1_000);
  // The bet amount outlives a round: the live card is a new one every round.
  const [amount, setAmount] = useState('');
  const freshSince = useForesightLive(symbol, asset.priceAccount, board.data, user);
  // A board from before the page opened (or the tab came back) whose live round has locked since is not
  // shown: its "live" round may be two ticks old. The refetch on mount replaces it within a moment.
  const outdated = isBoardOutdated(board.data, board.dataUpdatedAt, freshSince, now);

  const rounds = useMemo(() => (board.data === undefined ? [] : boardRounds(board.data)), [board.data]);
  const betRounds = rounds
    .filter((round) => round.id !== (board.data?.next?.id ?? -1))
    .map((round) => round.pubkey);
  const chainBets = useUserBets(user, betRounds);
  // A bet account closed by close_bet is gone from the chain: the history keeps the card's position.
  const history = usePredictionHistory(user);
  const historyPages = history.data?.pages;
  const historyItems = useMemo(() => historyPages?.flatMap((page) => page.items) ?? [], [historyPages]);
  const bets = useMemo(
    () => withClosedBets(rounds, chainBets.data, historyItems),
    [rounds, chainBets.data, historyItems],
  );
  const balance = useBalance(user);
  const rent = useRent(BET_ACCOUNT_SIZE);
  const actions = useBetActions(symbol, user);
  useResultSound(rounds, bets);

  // The rounds' lock and final prices are oracle prices from before the page opened: the chart starts with them.
  useEffect(() => {
    if (rounds.length > 0) addPricePoints(queryClient, asset.priceAccount, roundPricePoints(rounds));
  }, [rounds, queryClient, asset.priceAccount]);

  const data = board.data;
  const config = data?.config ?? null;
  const timelock = config?.timelock ?? 0;
  const pointers = { liveEvent: config?.liveEvent ?? 0, lockedEvent: config?.lockedEvent ?? 0 };
  const currentPrice = price.data?.price ?? null;
  const pendingBet = actions.placeBet.isPending ? actions.placeBet.variables : undefined;
  const pendingClaim = actions.claim.isPending ? actions.claim.variables : undefined;

  const position = (round: UpDownEvent) => {
    const bet = bets?.get(round.pubkey);
    if (bet === undefined || config === null || data === undefined) return null;
    return (
      <BetPosition
        round={round}
        bet={bet}
        pending={pendingClaim?.round === round.pubkey}
        canSend={actions.canSend && pendingClaim === undefined}
        nowMs={now}
        onClaim={(kind) => {
          actions.collect({
            kind,
            config: data.configAddress,
            round: round.pubkey,
            roundId: round.id,
            amount: bet.amount,
          });
        }}
      />
    );
  };

  const card = (
    round: UpDownEvent,
    extra: { featured?: boolean; action?: ReactNode; opensAt?: bigint | null } = {},
  ) => {
    const stage = roundStage(round, pointers, now);
    return (
      <RoundCard
        key={round.pubkey}
        round={round}
        stage={stage}
        timelock={timelock}
        nowMs={now}
        currentPrice={currentPrice}
        opensAt={extra.opensAt ?? null}
        featured={extra.featured ?? false}
        action={extra.action}
        position={position(round)}
        receipt={
          <OracleReceipt
            round={round}
            locked={round.lockPrice !== null || stage === 'locked' || stage === 'expired' || round.isSettled}
            priceAccount={asset.priceAccount}
          />
        }
      />
    );
  };

  let rows: ReactNode;
  if (data === undefined || outdated) {
    rows = board.isError ? (
      <div role="alert" className="card flex flex-col items-start gap-3 p-5">
        <p className="font-semibold text-loss">The rounds could not be loaded.</p>
        <p className="text-sm text-ink-dim">{errorText(board.error)}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void board.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    ) : (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label="Loading the rounds">
        <CardSkeleton />
        <CardSkeleton tall />
        <CardSkeleton />
      </div>
    );
  } else if (config === null || data.live === null) {
    rows = (
      <div className="card p-6 text-center">
        <p className="font-display text-lg font-bold">The first round opens soon</p>
        <p className="mt-1 text-sm text-ink-dim">Rounds start as soon as the operator's crank opens one.</p>
      </div>
    );
  } else {
    const live = data.live;
    const liveStage = roundStage(live, pointers, now);
    const closedReason = config.disabled
      ? 'Betting is paused by the operator.'
      : liveStage !== 'live'
        ? `Betting on round #${live.id} has closed: it locks at the next tick.`
        : null;
    const liveBet = bets?.get(live.pubkey) ?? null;
    rows = (
      <>
        <div className="grid gap-4 md:grid-cols-3">
          <div className="min-w-0 md:order-2">
            {card(live, {
              featured: true,
              action: (
                <BetForm
                  round={live}
                  bet={liveBet}
                  closedReason={closedReason}
                  connected={user !== null}
                  balance={balance.data ?? null}
                  rent={rent.data ?? null}
                  pendingSide={pendingBet?.round === live.pubkey ? pendingBet.side : null}
                  onBet={(side, lamports) => {
                    actions.place({
                      config: data.configAddress,
                      round: live.pubkey,
                      roundId: live.id,
                      side,
                      amount: lamports,
                    });
                  }}
                  onConnect={connect}
                  amount={amount}
                  onAmountChange={setAmount}
                />
              ),
            })}
          </div>
          <div className="min-w-0 md:order-1">
            {data.locked !== null ? (
              card(data.locked)
            ) : (
              <div className="card grid h-full min-h-40 place-items-center p-5 text-center text-sm text-ink-dim">
                No round is locked yet: the live round locks first.
              </div>
            )}
          </div>
          <div className="min-w-0 md:order-3">
            {data.next !== null ? card(data.next, { opensAt: live.lockTime }) : null}
          </div>
        </div>
        {data.past.length > 0 && (
          <section aria-labelledby="foresight-past" className="grid gap-3">
            <h2 id="foresight-past" className="font-display text-lg font-bold">
              Settled rounds
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
              {data.past.map((round) => card(round))}
            </div>
          </section>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-[1400px] flex-col gap-4 animate-fade-in sm:gap-5">
      {header}
      <p className="text-sm text-ink-dim">
        <span className="font-semibold text-ink">How it works:</span> bet Up or Down on the live round (min{' '}
        {formatSol(MIN_BET_LAMPORTS)}). It locks on the oracle price, then{' '}
        {timelock > 0 ? roundLength(timelock) : 'one round'} later the draw decides: winners share the pot
        after a {formatPercent(Number(FORESIGHT_FEE_BPS) / 100)} fee. An invalid round refunds everyone.
      </p>
      <PricePanel
        symbol={symbol}
        priceAccount={asset.priceAccount}
        price={price.data}
        priceError={price.error}
        locked={data?.locked ?? null}
        nowMs={now}
        windowSecs={CHART_WINDOW_ROUNDS * (timelock > 0 ? timelock : FORESIGHT_TIMELOCK_SECS)}
      />
      {rows}
      <PredictionHistory
        address={user}
        onConnect={connect}
        collect={
          data === undefined
            ? null
            : {
                config: data.configAddress,
                canSend: actions.canSend && pendingClaim === undefined,
                pendingRound: pendingClaim?.round ?? null,
                collected: actions.collected,
                onCollect: actions.collect,
              }
        }
      />
    </div>
  );
}
