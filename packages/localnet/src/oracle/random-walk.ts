/**
 * A seeded geometric Brownian motion: the local stand-in for a market price. Seeded so a demo and a test see
 * the same path from the same seed; log-normal so the price stays positive and moves in proportion to itself.
 */

/** sfc32: a small, fast PRNG with a 128-bit state; good enough for a price path, and reproducible. */
function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next(); // let the fixed constants mix with the seed
  return next;
}

export interface RandomWalkOptions {
  /** Starting price, in quote units (USD for SOL/USD). */
  readonly start: number;
  /** Annualised volatility, e.g. 0.65 for SOL's typical 65%. */
  readonly annualVolatility: number;
  readonly seed: number;
}

const SECONDS_PER_YEAR = 365 * 24 * 3600;

export class RandomWalk {
  #price: number;
  readonly #sigmaPerSqrtSecond: number;
  readonly #random: () => number;
  #spare: number | null = null;

  constructor(options: RandomWalkOptions) {
    if (!(options.start > 0)) throw new RangeError('a random walk starts at a positive price');
    if (!(options.annualVolatility >= 0)) throw new RangeError('volatility cannot be negative');
    this.#price = options.start;
    this.#sigmaPerSqrtSecond = options.annualVolatility / Math.sqrt(SECONDS_PER_YEAR);
    this.#random = sfc32(options.seed);
  }

  get price(): number {
    return this.#price;
  }

  /** Moves the price forward by `seconds` and returns it. Driftless: the expected price stays put. */
  step(seconds: number): number {
    if (seconds <= 0) return this.#price;
    const sigma = this.#sigmaPerSqrtSecond * Math.sqrt(seconds);
    this.#price *= Math.exp(-0.5 * sigma * sigma + sigma * this.#normal());
    return this.#price;
  }

  /** A standard normal draw (Marsaglia's polar method; the second draw is kept for the next call). */
  #normal(): number {
    if (this.#spare !== null) {
      const spare = this.#spare;
      this.#spare = null;
      return spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = this.#random() * 2 - 1;
      v = this.#random() * 2 - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const factor = Math.sqrt((-2 * Math.log(s)) / s);
    this.#spare = v * factor;
    return u * factor;
  }
}
