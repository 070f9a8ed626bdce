import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { useHouse } from '../api/get-house.ts';
import { useSetPaused, type PausableGame, type SetPausedResult } from '../api/set-paused.ts';
import { errorText } from '../../../lib/error-text.ts';
import {
  ConfirmBar,
  CopyAddress,
  Loading,
  Panel,
  Pill,
  QueryError,
} from '../../../components/ui/admin-ui.tsx';

const GAMES: readonly { readonly game: PausableGame; readonly title: string; readonly covers: string }[] = [
  { game: 'wager', title: 'House', covers: 'TailSpin, ReTail and Prophecy bets' },
  { game: 'foresight', title: 'Foresight', covers: 'Foresight rounds and predictions' },
];

/** Pausing and resuming the House and Foresight on chain, each behind a confirm step. */
export function GamesTab() {
  const house = useHouse();
  if (house.isPending) return <Loading label="Reading the games' state…" />;
  if (house.isError) return <QueryError error={house.error} onRetry={() => void house.refetch()} />;
  const paused: Record<PausableGame, boolean> = {
    wager: house.data.house.paused,
    foresight: house.data.foresight.disabled,
  };
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {GAMES.map(({ game, title, covers }) => (
        <GameCard key={game} game={game} title={title} covers={covers} paused={paused[game]} />
      ))}
    </div>
  );
}

function GameCard({
  game,
  title,
  covers,
  paused,
}: {
  readonly game: PausableGame;
  readonly title: string;
  readonly covers: string;
  readonly paused: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SetPausedResult | null>(null);
  const mutation = useSetPaused();
  const next = !paused;
  const action = next ? 'Pause' : 'Resume';
  return (
    <Panel
      title={title}
      actions={
        paused ? (
          <Pill tone="loss">{game === 'foresight' ? 'Disabled' : 'Paused'}</Pill>
        ) : (
          <Pill tone="win">Live</Pill>
        )
      }
    >
      <p className="mb-4 text-sm text-ink-dim">{covers}.</p>
      {confirming ? (
        <ConfirmBar
          message={
            next
              ? `Pause ${title}? The chain refuses new ${covers} until you resume.`
              : `Resume ${title}? Players can play again right away.`
          }
          confirmLabel={`${action} ${title}`}
          tone={next ? 'danger' : 'primary'}
          pending={mutation.isPending}
          onCancel={() => {
            setConfirming(false);
          }}
          onConfirm={() => {
            mutation.mutate(
              { game, paused: next },
              {
                onSuccess: (data) => {
                  setResult(data);
                  setConfirming(false);
                },
              },
            );
          }}
        />
      ) : (
        <Button
          variant={next ? 'danger' : 'up'}
          onClick={() => {
            mutation.reset();
            setConfirming(true);
          }}
        >
          {action} {title}
        </Button>
      )}
      {mutation.isError && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-xs text-loss"
        >
          {errorText(mutation.error)}
        </p>
      )}
      {result !== null && (
        <p className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-win/30 bg-win/8 px-3 py-2 text-xs text-ink-dim">
          <span className="text-win">{result.paused ? 'Paused' : 'Resumed'} on chain</span>
          <span>signature</span>
          <CopyAddress address={result.signature} label="signature" />
        </p>
      )}
    </Panel>
  );
}
