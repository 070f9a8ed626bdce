import {
  BET_REFUND_DELAY_SECS,
  FORESIGHT_TIMELOCK_SECS,
  JUICE_CLAIM_INTERVAL_SECS,
  JUICE_MULTIPLIER,
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
  POOL_FEE_BPS,
  RANDOM_VALUE_RANGE,
  REFERRAL_SHARE_BPS,
  RETAIL_MARKETPLACE_FEE_BPS,
  TAILSPIN_FEE_BPS,
} from '@arcade/sdk/constants';
import { FAQ_HINTS } from '@arcade/sdk/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig, type RuntimeConfig } from '../../../config/runtime-config.ts';
import { getUiState, ui } from '../../../lib/store.ts';
import { FaqModal } from './faq-modal.tsx';
import { GameHelpButton } from './game-help.tsx';
import { bpsPercent, HELP_NUMBERS } from './game-rules.tsx';
import { formatNumber, formatSol } from '../../../lib/format.ts';

const CHAT_URL = 'https://discord.gg/arcade-test';

const config: RuntimeConfig = {
  cluster: 'localnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: { wager: 'W', foresight: 'F' },
  mints: { juice: 'J', usdc: 'U', usdt: 'T' },
  priceAccount: 'P',
  admins: [],
  communityChatUrl: CHAT_URL,
  socialUrl: 'https://x.com/arcade',
  announcement: null,
};

beforeEach(() => {
  setRuntimeConfig(config);
  act(() => {
    ui.closeModal();
  });
});

function openFaq(): HTMLElement {
  render(<FaqModal />);
  act(() => {
    ui.openModal('faq');
  });
  return screen.getByRole('dialog', { name: 'Help & FAQ' });
}

describe('FaqModal', () => {
  it('is closed until the faq modal is opened, and closes through the store', async () => {
    render(<FaqModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      ui.openModal('faq');
    });
    expect(screen.getByRole('dialog', { name: 'Help & FAQ' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(getUiState().modal).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists every game, the fees, referrals, Juice and fairness as accordions', () => {
    const dialog = openFaq();
    const questions = Array.from(dialog.querySelectorAll('summary')).map((s) => s.textContent);
    expect(questions).toEqual([
      'How does TailSpin work?',
      'How does ReTail work?',
      'How does Foresight work?',
      'How does Prophecy work?',
      'What are the fees?',
      'How do referrals work?',
      'What is Juice?',
      'Is it provably fair?',
      ...FAQ_HINTS.map((hint) => hint.title),
    ]);
    expect(dialog.querySelectorAll('details[open]')).toHaveLength(0);
  });

  it('quotes the numbers of the SDK', () => {
    const text = openFaq().textContent;
    expect(text).toContain('from 1% to 95%');
    expect(text).toContain('plus a 4% fee on the stake. The smallest stake is 0.01 SOL.');
    expect(text).toContain('A 1.0 SOL prize at 50% costs 0.50 SOL + 0.02 SOL fee = 0.52 SOL.');
    expect(text).toContain('1.5% marketplace fee');
    expect(text).toContain('Bets are open while a round is live (5 minutes)');
    expect(text).toContain('less a 3% fee');
    expect(text).toContain('Up pays 1.33× and Down 4.00×');
    expect(text).toContain('1.0 SOL on Down is paid 3.9 SOL after the fee');
    expect(text).toContain('you earn 10% of the fee on their bets');
    expect(text).toContain('earns 2,400 Juice per SOL wagered');
    expect(text).toContain('once every 24 hours');
  });

  it('derives every number from the SDK constants', () => {
    expect(HELP_NUMBERS).toMatchObject({
      tailspinFee: bpsPercent(TAILSPIN_FEE_BPS),
      poolFee: bpsPercent(POOL_FEE_BPS),
      prophecyFee: bpsPercent(POOL_FEE_BPS),
      marketplaceFee: bpsPercent(RETAIL_MARKETPLACE_FEE_BPS),
      referralShare: bpsPercent(REFERRAL_SHARE_BPS),
      minBet: formatSol(MIN_BET_LAMPORTS),
      oddsRange: `${ODDS_MIN}% to ${ODDS_MAX}%`,
      roundMinutes: FORESIGHT_TIMELOCK_SECS / 60,
      juicePerSol: formatNumber(Number(JUICE_MULTIPLIER)),
      claimHours: JUICE_CLAIM_INTERVAL_SECS / 3600,
      rollRange: `0 to ${RANDOM_VALUE_RANGE - 1}`,
      refundMinutes: BET_REFUND_DELAY_SECS / 60,
    });
    // And those constants are the game rules' numbers.
    expect(HELP_NUMBERS).toMatchObject({
      tailspinFee: '4%',
      poolFee: '3%',
      marketplaceFee: '1.5%',
      referralShare: '10%',
      minBet: '0.01 SOL',
      oddsRange: '1% to 95%',
      roundMinutes: 5,
      juicePerSol: '2,400',
      claimHours: 24,
      refundMinutes: 2,
      rollRange: '0 to 99',
    });
  });

  it('quotes the payout formulas, the roll and the Juice of every game', () => {
    const text = openFaq().textContent;
    expect(text).toContain('the prize is then the stake × 100 ÷ your chance');
    expect(text).toContain('A 0.50 SOL stake at 50% wins 1.0 SOL.');
    expect(text).toContain('A provably fair roll from 0 to 99 below your chance wins the prize');
    expect(text).toContain('If your roll is not revealed within 2 minutes, take your stake and fee back');
    expect(text).toContain(
      'Your result is kept: if the roll wins when it is revealed, the rest of your prize is paid to you then, in SOL.',
    );
    expect(text).toContain('rounded to 2 decimals, before the fee');
    expect(
      text.split('Every bet earns 2,400 Juice per SOL wagered, claimable once every 24 hours.'),
    ).toHaveLength(5);
  });

  it('links to the provably fair page', () => {
    const dialog = openFaq();
    const links = within(dialog).getAllByRole('link', { name: 'Provably fair page' });
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link.getAttribute('href')).toBe('/fairness');
  });

  it('explains provable fairness in two sentences', async () => {
    const dialog = openFaq();
    await userEvent.click(within(dialog).getByText('Is it provably fair?'));
    const details = within(dialog).getByText('Is it provably fair?').closest('details');
    expect(details?.open).toBe(true);
    const answer = details?.querySelector('div')?.textContent ?? '';
    expect(answer.split(/\.\s/).length).toBe(2);
    expect(answer).toContain('hash chain');
    expect(answer).toContain('a seed you choose');
    expect(answer).toContain('within 2 minutes');
  });

  it('shows the troubleshooting hints and the community chat link', () => {
    const dialog = openFaq();
    for (const hint of FAQ_HINTS) {
      const details = within(dialog).getByText(hint.title).closest('details');
      expect(details?.textContent).toBe(`${hint.title}${hint.hint}`);
    }
    const link = within(dialog).getByRole('link', { name: 'community chat' });
    expect(link.getAttribute('href')).toBe(CHAT_URL);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('GameHelpButton', () => {
  it.each([
    ['tailspin', 'How to play TailSpin', 'plus a 4% fee on the stake'],
    ['retail', 'How to play ReTail', '1.5% marketplace fee'],
    ['foresight', 'How to play Foresight', 'Predict whether SOL/USD goes Up or Down'],
    ['prophecy', 'How to play Prophecy', 'Back Yes or No on a market'],
  ] as const)('opens the %s rules', async (game, title, excerpt) => {
    render(<GameHelpButton game={game} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'How to play' }));
    const dialog = screen.getByRole('dialog', { name: title });
    // The rules are their own chunk, downloaded on the first opening.
    await waitFor(() => {
      expect(dialog.textContent).toContain(excerpt);
    });
    expect(within(dialog).queryByRole('status')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', async () => {
    render(<GameHelpButton game="foresight" />);
    await userEvent.click(screen.getByRole('button', { name: 'How to play' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
