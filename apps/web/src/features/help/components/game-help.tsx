import { Component, lazy, Suspense, useState, type ReactNode } from 'react';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { GAME_NAMES, type HelpGame } from './help-games.ts';

/** The rules texts and payout tables; every game page shows the button, few visitors open it. */
const loadRules = () => import('./game-rules.tsx');

const Rules = lazy(() =>
  loadRules().then(({ GAME_RULES }) => ({
    default: function GameRules({ game }: { readonly game: HelpGame }) {
      const Text = GAME_RULES[game];
      return <Text />;
    },
  })),
);

/** Shows why the rules did not download (offline, a deploy replaced them) instead of an empty dialog. */
class RulesErrorBoundary extends Component<
  { readonly children: ReactNode },
  { readonly error: Error | null }
> {
  override state: { readonly error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="font-semibold text-ink">The rules could not be loaded.</p>
        <p className="text-loss">{error.message}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            location.reload();
          }}
        >
          Refresh
        </Button>
      </div>
    );
  }
}

/** Props of {@link GameHelpButton}. */
export interface GameHelpButtonProps {
  readonly game: HelpGame;
  readonly className?: string;
}

/**
 * A "How to play" button that opens the rules of one game (docs/reference/routes.md#dialogs), with every
 * number from the SDK. Its modal is local state so it can sit on top of a game page without touching the
 * shell's modal slot. The rules download on the first hover, focus or opening.
 */
export function GameHelpButton({ game, className = '' }: GameHelpButtonProps) {
  const [open, setOpen] = useState(false);
  const prefetch = () => {
    // A failed prefetch is not an error yet: opening imports again and shows the failure there.
    loadRules().catch(() => undefined);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        className={className}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M7.8 7.6a2.3 2.3 0 1 1 3.2 2.1c-.6.3-1 .8-1 1.5v.3M10 14.2v.3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        How to play
      </Button>
      <Modal
        open={open}
        title={`How to play ${GAME_NAMES[game]}`}
        onClose={() => {
          setOpen(false);
        }}
        footer={
          <Button
            className="w-full"
            onClick={() => {
              setOpen(false);
            }}
          >
            Got it
          </Button>
        }
      >
        <div className="text-sm leading-relaxed text-ink-dim">
          <RulesErrorBoundary>
            <Suspense
              fallback={
                <span role="status" className="grid min-h-48 place-items-center text-accent">
                  <Spinner className="size-6" />
                  <span className="sr-only">Loading the rules</span>
                </span>
              }
            >
              <Rules game={game} />
            </Suspense>
          </RulesErrorBoundary>
        </div>
      </Modal>
    </>
  );
}
