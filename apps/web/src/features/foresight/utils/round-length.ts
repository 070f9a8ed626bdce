/**
 * A Foresight round's length as the pages say it. Kept apart from the round maths so home, which is in
 * the entry chunk, can quote it without loading the game.
 *
 * @module
 */

/**
 * Round length as the config sets it: whole minutes as "5 min", anything else in seconds ("90 s", "12 s").
 *
 * @example roundLength(300) === '5 min'
 * @example roundLength(60) === '1 min'
 * @example roundLength(90) === '90 s'
 */
export function roundLength(timelockSecs: number): string {
  return timelockSecs % 60 === 0 ? `${timelockSecs / 60} min` : `${timelockSecs} s`;
}
