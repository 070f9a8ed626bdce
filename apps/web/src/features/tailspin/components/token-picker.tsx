import type { TokenJson } from '@arcade/sdk/api/nfts';
import { useRef, type KeyboardEvent } from 'react';

import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';

/** Props of {@link TokenPicker}. */
export interface TokenPickerProps {
  readonly tokens: readonly TokenJson[];
  /** The chosen token's mint. */
  readonly value: string;
  readonly onChange: (mint: string) => void;
  readonly disabled?: boolean;
}

/**
 * What the prize is paid in: SOL, USDC or USDT from the token list. A radio group with roving focus, so
 * arrow keys move between tokens as in any native radio group.
 */
export function TokenPicker({ tokens, value, onChange, disabled = false }: TokenPickerProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tokens.findIndex((token) => token.id === value),
  );
  const move = (event: KeyboardEvent, delta: number) => {
    event.preventDefault();
    const next = (index + delta + tokens.length) % tokens.length;
    const token = tokens[next];
    if (token === undefined) return;
    onChange(token.id);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label="Prize paid in"
      className="grid grid-cols-3 gap-2"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(event, 1);
        else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(event, -1);
      }}
    >
      {tokens.map((token, i) => {
        const checked = i === index;
        return (
          <button
            key={token.id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            disabled={disabled}
            onClick={() => {
              onChange(token.id);
            }}
            className={`flex min-w-0 items-center gap-1.5 rounded-xl border px-1.5 py-2 text-left xs:gap-2 xs:px-2.5 transition disabled:cursor-not-allowed disabled:opacity-50 ${
              checked
                ? 'border-accent/70 bg-accent/10 shadow-[0_0_18px_-8px_var(--color-accent)]'
                : 'border-edge bg-panel-2/60 hover:border-ink-faint'
            }`}
          >
            <ImageWithFallback
              src={token.image}
              alt=""
              className="size-6 shrink-0 rounded-full max-[360px]:hidden xs:size-7"
            />
            <span className="min-w-0">
              <span className="block truncate font-display text-[13px] font-bold text-ink xs:text-sm">
                {token.symbol}
              </span>
              <span className="hidden truncate text-[11px] text-ink-faint xs:block">{token.name}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
