import { FORESIGHT_SYMBOLS, PAST_EVENTS_FETCHED } from '@arcade/sdk/constants';
import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { ARTWORK, preloadImages } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { GameHero } from './game-hero.tsx';

/** A symbol Foresight has a price feed for. */
export type ForesightSymbol = (typeof FORESIGHT_SYMBOLS)[number];

/** Whether `symbol` is one of {@link FORESIGHT_SYMBOLS}. */
export function isForesightSymbol(symbol: string | undefined): symbol is ForesightSymbol {
  return FORESIGHT_SYMBOLS.some((s) => s === symbol);
}

/**
 * Foresight checks the symbol (spec §5: an unknown one raises 'Invalid symbol', which the error page
 * shows) and preloads its cover image.
 */
export function loader({ params }: LoaderFunctionArgs): { symbol: ForesightSymbol } {
  const { symbol } = params;
  if (!isForesightSymbol(symbol)) throw new Error(VALIDATION_MESSAGES.invalidSymbol);
  preloadImages(ARTWORK.foresight);
  return { symbol };
}

/** Foresight: the up/down rounds' rules for the route's asset. */
export function Component() {
  const symbol = useParams()['symbol'] ?? FORESIGHT_SYMBOLS[0];
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        help={<GameHelpButton game="foresight" className="border border-edge bg-void/60 backdrop-blur" />}
        eyebrow={`${symbol} / USD · Up or down`}
        title="Foresight"
        pitch={`Call where ${symbol} goes next. Rounds lock on the oracle price and settle one round later.`}
        cover={ARTWORK.foresight}
        tone="green"
        stats={[
          { label: 'Round', value: gameFacts().roundMinutes },
          { label: 'Pot fee', value: gameFacts().poolFee },
          { label: 'Min bet', value: gameFacts().minBet },
          { label: 'History', value: `${PAST_EVENTS_FETCHED} rounds` },
        ]}
        rules={[
          <>Bet Up or Down while a round is live. When it locks, the oracle price becomes its lock price.</>,
          <>
            {gameFacts().roundMinutes} later the final price is read: Up wins if it is higher, Down if it is
            lower.
          </>,
          <>Winners split the whole pot pro rata, after a {gameFacts().poolFee} fee.</>,
          <>
            A round with a missing price, an equal price or an empty side is invalid: every bet is refunded
            without fee.
          </>,
        ]}
      />
    </div>
  );
}
