import { ODDS_MAX, ODDS_MIN } from '@arcade/sdk/constants';
import { skillLabel, type SkillLabel } from '@arcade/sdk/wager/bet-math';
import { useId, useState } from 'react';

/** The tone of each skill label: the riskier the bet, the hotter the colour. */
const LABEL_TONES: Readonly<Record<SkillLabel, string>> = {
  Bozo: 'bg-accent-2/15 text-accent-2 border-accent-2/40',
  Degen: 'bg-juice/15 text-juice border-juice/40',
  Manlet: 'bg-info/15 text-info border-info/40',
  Safu: 'bg-win/15 text-win border-win/40',
};

/** Odds a tap away: one per skill label. */
export const ODDS_PRESETS = [10, 25, 50, 75, 90] as const;

/** The skill label of `odds` as a badge (Bozo, Degen, Manlet, Safu). */
export function SkillBadge({ odds }: { readonly odds: number }) {
  const label = skillLabel(odds);
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 font-display text-[11px] font-bold tracking-wide uppercase ${LABEL_TONES[label]}`}
    >
      {label}
    </span>
  );
}

/** Props of {@link OddsPicker}. */
export interface OddsPickerProps {
  /** Win chance in percent, {@link ODDS_MIN}–{@link ODDS_MAX}. */
  readonly value: number;
  readonly onChange: (odds: number) => void;
  readonly disabled?: boolean;
  /** The visible label; "Win chance" by default. */
  readonly label?: string;
}

function clampOdds(value: number): number {
  return Math.min(ODDS_MAX, Math.max(ODDS_MIN, Math.round(value)));
}

/**
 * The win chance, 1–95 %, with its skill label: a slider, a number field for exact odds and presets.
 * The number field accepts anything while typing and settles on a valid value when it loses focus.
 */
export function OddsPicker({ value, onChange, disabled = false, label = 'Win chance' }: OddsPickerProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (text: string) => {
    setDraft(null);
    const parsed = Number.parseInt(text, 10);
    if (Number.isFinite(parsed)) onChange(clampOdds(parsed));
  };
  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <div className="flex items-center justify-between gap-3">
        <legend className="contents">
          <label htmlFor={`${id}-range`} className="text-sm font-semibold text-ink">
            {label}
          </label>
        </legend>
        <SkillBadge odds={value} />
      </div>
      <div className="mt-3 flex items-center gap-3">
        <input
          id={`${id}-range`}
          type="range"
          min={ODDS_MIN}
          max={ODDS_MAX}
          step={1}
          value={value}
          aria-valuetext={`${value}% (${skillLabel(value)})`}
          onChange={(event) => {
            onChange(clampOdds(Number(event.target.value)));
          }}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-[var(--color-accent)] disabled:cursor-not-allowed"
        />
        <div className="flex h-10 w-20 shrink-0 items-center rounded-xl border border-edge bg-panel-2 pr-3 focus-within:border-accent/60">
          <input
            type="text"
            inputMode="numeric"
            aria-label={`${label} in percent`}
            value={draft ?? String(value)}
            onChange={(event) => {
              const text = event.target.value.replace(/[^\d]/g, '').slice(0, 2);
              setDraft(text);
              const parsed = Number.parseInt(text, 10);
              if (parsed >= ODDS_MIN && parsed <= ODDS_MAX) onChange(parsed);
            }}
            onBlur={(event) => {
              commit(event.target.value);
            }}
            onKeyDown={(event) => {
              // Enter settles the odds; it must not submit a surrounding bet form (a real-money action).
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(event.currentTarget.value);
              }
            }}
            className="tabular w-full min-w-0 bg-transparent pl-3 text-right font-display text-sm font-bold outline-none"
          />
          <span className="pl-0.5 text-sm text-ink-dim" aria-hidden="true">
            %
          </span>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5" role="group" aria-label={`${label} presets`}>
        {ODDS_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={value === preset}
            onClick={() => {
              onChange(preset);
            }}
            className={`h-8 rounded-lg border px-3 text-xs font-semibold transition disabled:cursor-not-allowed disabled:opacity-45 ${
              value === preset
                ? 'border-accent/60 bg-accent/15 text-accent'
                : 'border-edge bg-white/5 text-ink-dim hover:text-ink'
            }`}
          >
            {preset}%
          </button>
        ))}
      </div>
    </fieldset>
  );
}
