import { formatCountdown } from '../../../lib/format.ts';

/**
 * Time left until `untilSecs` (days and hours, hours and minutes, or minutes and seconds;
 * 'Pending...' once it has run out). `now` comes from the page's clock, so the countdown and the phase it
 * ends flip on the same tick.
 */
export function Countdown({
  untilSecs,
  now,
  className = '',
}: {
  readonly untilSecs: number;
  readonly now: number;
  readonly className?: string;
}) {
  return (
    <span role="timer" aria-live="off" className={`tabular ${className}`}>
      {formatCountdown(untilSecs * 1000 - now)}
    </span>
  );
}
