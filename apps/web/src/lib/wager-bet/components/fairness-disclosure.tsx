import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { usePlayerSeed } from '../hooks/use-player-seed.ts';
import {
  newPlayerSeed,
  PLAYER_SEED_HEX_LENGTH,
  playerSeedError,
  setOwnPlayerSeed,
  shortSeed,
} from '../utils/player-seed.ts';

/** How long "Copied!" stays. */
const COPIED_MS = 2_000;

/** What the disclosure says the roll is made of. */
export const FAIRNESS_NOTE =
  'The program computes your roll on chain from the house’s seed, committed before your bet, your seed below, and the hash of the slot your bet lands in: nobody can know it before your bet is in.';

const smallButton =
  'h-8 rounded-lg border border-edge bg-white/6 px-2.5 text-xs font-semibold text-ink-dim transition hover:bg-white/12 hover:text-ink disabled:cursor-not-allowed disabled:opacity-45';

/** Props of {@link FairnessDisclosure}. */
export interface FairnessDisclosureProps {
  /** A bet is being placed: its seed is taken, so it cannot change now. */
  readonly disabled?: boolean;
}

/**
 * "Fairness", under the bet controls: the player's seed for the next bet (hex, abbreviated, with a copy
 * button), a new one on demand, or the player's own (64 hex digits, checked as typed). A drawn seed is
 * replaced after each bet; the player's own stays until changed. Closed by default.
 */
export function FairnessDisclosure({ disabled = false }: FairnessDisclosureProps) {
  const id = useId();
  const { seed, fixed } = usePlayerSeed();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  const editing = draft !== null;
  const error = draft === null ? null : playerSeedError(draft);
  // The error shows once something is typed (or "Use this seed" was pressed), not on an empty new field.
  const showError = error !== null && (tried || (draft !== null && draft.trim() !== ''));

  const apply = () => {
    if (draft === null) return;
    setTried(true);
    if (playerSeedError(draft) !== null) return;
    setOwnPlayerSeed(draft);
    setDraft(null);
    setTried(false);
  };
  const cancel = () => {
    setDraft(null);
    setTried(false);
  };
  const copy = async () => {
    if (seed === null) return;
    try {
      await navigator.clipboard.writeText(seed);
      setCopyError(false);
      setCopied(true);
    } catch {
      setCopyError(true);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter takes the seed; it must not submit a surrounding bet form (a real-money action).
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <div className="rounded-xl border border-edge bg-panel-2/40" data-testid="fairness-disclosure">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setOpen((value) => !value);
        }}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-left text-sm transition hover:bg-white/4 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span className="flex items-center gap-2 font-semibold text-ink">
          <svg viewBox="0 0 20 20" className="size-4 text-win" aria-hidden="true">
            <path
              d="M10 2.5 4 5v4.5c0 3.7 2.6 6.9 6 8 3.4-1.1 6-4.3 6-8V5l-6-2.5Zm-2.2 8 1.6 1.6 3.3-3.4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Fairness
        </span>
        <span className="flex min-w-0 items-center gap-2 text-xs text-ink-faint">
          <span className="hidden sm:inline">Your seed</span>
          <code className="font-mono whitespace-nowrap text-ink-dim" translate="no">
            {seed === null ? '…' : shortSeed(seed)}
          </code>
          <span aria-hidden="true" className={`transition ${open ? 'rotate-90' : ''}`}>
            ›
          </span>
        </span>
      </button>
      {open && (
        <div id={`${id}-panel`} className="grid gap-3 border-t border-edge/70 px-3 py-3 text-xs">
          <p className="leading-relaxed text-ink-dim">
            {FAIRNESS_NOTE}{' '}
            <Link to="/fairness" className="font-semibold text-info underline-offset-4 hover:underline">
              How to check a roll
            </Link>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <span id={`${id}-label`} className="font-semibold text-ink">
              Your seed
            </span>
            <code
              aria-labelledby={`${id}-label`}
              title={seed ?? undefined}
              translate="no"
              className="rounded-md bg-void/60 px-2 py-1 font-mono text-[13px] whitespace-nowrap text-ink"
            >
              {seed === null ? '…' : shortSeed(seed)}
            </code>
            <button
              type="button"
              className={smallButton}
              aria-label="Copy your seed"
              disabled={seed === null}
              onClick={() => {
                void copy();
              }}
            >
              <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
            </button>
          </div>
          {copyError && (
            <p role="alert" className="text-loss">
              Copy failed: open “Use my own seed” to select it by hand.
            </p>
          )}
          <p className="text-ink-faint">
            {fixed
              ? 'You set this seed: it stays for your next bets until you change it.'
              : 'A new seed is drawn after each bet. Set your own to keep one.'}
          </p>
          {editing ? (
            <div className="grid gap-2">
              <label htmlFor={`${id}-input`} className="font-semibold text-ink">
                Your own seed ({PLAYER_SEED_HEX_LENGTH} hex digits)
              </label>
              <input
                id={`${id}-input`}
                value={draft}
                disabled={disabled}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={PLAYER_SEED_HEX_LENGTH * 2}
                aria-invalid={showError}
                aria-describedby={`${id}-error`}
                onChange={(event) => {
                  setDraft(event.target.value);
                }}
                onKeyDown={onKeyDown}
                className={`h-10 w-full min-w-0 rounded-lg border bg-panel-2 px-2.5 font-mono text-xs text-ink outline-none focus:border-accent/60 ${
                  showError ? 'border-loss/70' : 'border-edge'
                }`}
              />
              <p id={`${id}-error`} aria-live="polite" className={showError ? 'text-loss' : 'text-ink-faint'}>
                {showError
                  ? error
                  : `${draft.trim().length} of ${PLAYER_SEED_HEX_LENGTH} hex digits. It stays for your next bets.`}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={smallButton} disabled={disabled} onClick={apply}>
                  Use this seed
                </button>
                <button type="button" className={smallButton} onClick={cancel}>
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={smallButton}
                disabled={disabled}
                onClick={() => {
                  setDraft(seed ?? '');
                }}
              >
                Use my own seed
              </button>
              <button
                type="button"
                className={smallButton}
                disabled={disabled}
                onClick={() => {
                  newPlayerSeed();
                }}
              >
                New seed
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
