import { FORESIGHT_SYMBOLS } from '@arcade/sdk/constants';
import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { ForesightGame } from '../../features/foresight/components/foresight-game.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { ARTWORK, preloadImages } from './data/preload-image.ts';

/** A symbol Foresight has a price feed for. */
export type ForesightSymbol = (typeof FORESIGHT_SYMBOLS)[number];

/** Whether `symbol` is one of {@link FORESIGHT_SYMBOLS}. */
export function isForesightSymbol(symbol: string | undefined): symbol is ForesightSymbol {
  return FORESIGHT_SYMBOLS.some((s) => s === symbol);
}

/**
 * Foresight checks the symbol (an unknown one raises 'Invalid symbol', which the error page
 * shows) and preloads its cover image. Symbols are upper case: `/foresight/sol` is sent on to
 * `/foresight/SOL` (its query and hash kept) rather than refused.
 */
export function loader({ params, request }: LoaderFunctionArgs): { symbol: ForesightSymbol } {
  const { symbol } = params;
  if (!isForesightSymbol(symbol)) {
    const upper = symbol?.trim().toUpperCase();
    if (upper !== symbol && isForesightSymbol(upper)) {
      const url = new URL(request.url);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to redirect from a loader.
      throw redirect(`/foresight/${upper}${url.search}${url.hash}`);
    }
    throw new Error(VALIDATION_MESSAGES.invalidSymbol);
  }
  preloadImages(ARTWORK.foresight);
  return { symbol };
}

/** Foresight: up/down rounds on the route's asset. */
export function Component() {
  const { symbol } = useLoaderData<typeof loader>();
  return (
    <ForesightGame
      symbol={symbol}
      header={
        <header className="card relative overflow-hidden">
          <ImageWithFallback
            src={ARTWORK.foresight}
            alt=""
            loading="eager"
            className="absolute inset-y-0 right-0 h-full w-2/3 object-cover opacity-35 [mask-image:linear-gradient(90deg,transparent,#000_60%)] sm:opacity-70"
          />
          <div className="relative flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
            <div>
              <p className="text-[11px] font-bold tracking-[0.3em] text-win uppercase">
                {symbol} / USD · Up or down
              </p>
              <h1
                id="game-title"
                className="mt-1 font-display text-2xl font-black tracking-tight text-ink sm:text-4xl"
              >
                Foresight
              </h1>
            </div>
            <GameHelpButton game="foresight" className="border border-edge bg-void/60 backdrop-blur" />
          </div>
        </header>
      }
    />
  );
}
