import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { GAME_NAMES, GAME_RULES, type HelpGame } from './game-rules.tsx';

/** Props of {@link GameHelpButton}. */
export interface GameHelpButtonProps {
  readonly game: HelpGame;
  readonly className?: string;
}

/**
 * A "How to play" button that opens the rules of one game (spec §2's per-game help modals), with every
 * number from the SDK. Its modal is local state so it can sit on top of a game page without touching the
 * shell's modal slot.
 */
export function GameHelpButton({ game, className = '' }: GameHelpButtonProps) {
  const [open, setOpen] = useState(false);
  const Rules = GAME_RULES[game];
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        className={className}
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
          <Rules />
        </div>
      </Modal>
    </>
  );
}
