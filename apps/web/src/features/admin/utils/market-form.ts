/**
 * The operators' create-market form: Prophecy's market proposal without the referrer, checked by the one
 * validation module both market forms share (`lib/prophecy/market-proposal.ts`), so a bad market
 * never costs a round trip (or a transaction). Messages are the server's own wording.
 *
 * @module
 */

import {
  EMPTY_PROPOSAL,
  validateProposal,
  type ProposalFormValues,
} from '../../../lib/prophecy/market-proposal.ts';
import type { CreateMarketInput } from '../api/create-market.ts';

/** The form's values, as the inputs hold them. */
export type MarketFormValues = Omit<ProposalFormValues, 'referrer'>;

/** `values` without its referrer: the operators' form has none. */
function withoutReferrer<T extends { readonly referrer: unknown }>(values: T): Omit<T, 'referrer'> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'referrer')) as Omit<
    T,
    'referrer'
  >;
}

/** A field's error message. */
export type MarketFormErrors = Partial<Record<keyof MarketFormValues, string>>;

/** An empty form, with the spec's default options. */
export const EMPTY_MARKET_FORM: MarketFormValues = withoutReferrer(EMPTY_PROPOSAL);

/** Validates the whole form: the body to send, or the errors by field. */
export function validateMarketForm(
  values: MarketFormValues,
  nowMs: number,
):
  | { readonly ok: true; readonly input: CreateMarketInput }
  | { readonly ok: false; readonly errors: MarketFormErrors } {
  const checked = validateProposal({ ...values, referrer: '' }, nowMs);
  if (!checked.ok) return checked;
  return { ok: true, input: withoutReferrer(checked.proposal) };
}
