import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { getUiState, ui } from '../../store.ts';
import { rotatePlayerSeed } from '../utils/player-seed.ts';
import { FairnessDisclosure } from './fairness-disclosure.tsx';

const SEED = '0123456789abcdef'.repeat(4);

function renderDisclosure(
  onSubmit = vi.fn((event: { preventDefault: () => void }) => {
    event.preventDefault();
  }),
) {
  render(
    <MemoryRouter>
      <form aria-label="bet" onSubmit={onSubmit}>
        <FairnessDisclosure />
      </form>
    </MemoryRouter>,
  );
  return onSubmit;
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: /Fairness/ }));
  return screen.getByText('Your seed', { selector: 'span[id]' }).closest('div')!.parentElement!;
}

beforeEach(() => {
  ui.reload();
});

describe('FairnessDisclosure (the player’s seed)', () => {
  it('draws a seed on first show and shows it abbreviated, in monospace, behind a closed disclosure', async () => {
    renderDisclosure();
    await waitFor(() => {
      expect(getUiState().playerSeed).toMatch(/^[0-9a-f]{64}$/);
    });
    const seed = getUiState().playerSeed!;
    const toggle = screen.getByRole('button', { name: /Fairness/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain(`${seed.slice(0, 8)}…${seed.slice(-8)}`);
    const panel = await open();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const shown = within(panel).getByLabelText('Your seed');
    expect(shown.tagName).toBe('CODE');
    expect(shown.className).toContain('font-mono');
    expect(shown.getAttribute('title')).toBe(seed);
    expect(
      within(panel).getByText('A new seed is drawn after each bet. Set your own to keep one.'),
    ).toBeTruthy();
  });

  it('draws a new seed on “New seed”, and after a bet unless the player set one', async () => {
    ui.setPlayerSeed(SEED, false);
    renderDisclosure();
    const panel = await open();
    await userEvent.click(within(panel).getByRole('button', { name: 'New seed' }));
    const drawn = getUiState().playerSeed!;
    expect(drawn).not.toBe(SEED);
    expect(within(panel).getByLabelText('Your seed').getAttribute('title')).toBe(drawn);
    rotatePlayerSeed();
    expect(getUiState().playerSeed).not.toBe(drawn);
    ui.setPlayerSeed(SEED, true);
    rotatePlayerSeed();
    expect(getUiState().playerSeed).toBe(SEED);
  });

  it('copies the whole seed', async () => {
    ui.setPlayerSeed(SEED, false);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderDisclosure();
    await user.click(screen.getByRole('button', { name: /Fairness/ }));
    await user.click(screen.getByRole('button', { name: 'Copy your seed' }));
    expect(writeText).toHaveBeenCalledWith(SEED);
    expect(await screen.findByText('Copied!')).toBeTruthy();
  });

  it('takes the player’s own 64 hex digits and keeps them, in lower case', async () => {
    renderDisclosure();
    const panel = await open();
    await userEvent.click(within(panel).getByRole('button', { name: 'Use my own seed' }));
    const input = within(panel).getByLabelText('Your own seed (64 hex digits)');
    await userEvent.clear(input);
    await userEvent.type(input, `  ${SEED.toUpperCase()} `);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    await userEvent.click(within(panel).getByRole('button', { name: 'Use this seed' }));
    expect(getUiState()).toMatchObject({ playerSeed: SEED, playerSeedFixed: true });
    expect(
      within(panel).getByText('You set this seed: it stays for your next bets until you change it.'),
    ).toBeTruthy();
    // "New seed" goes back to a drawn seed.
    await userEvent.click(within(panel).getByRole('button', { name: 'New seed' }));
    expect(getUiState().playerSeedFixed).toBe(false);
  });

  it('says clearly what is wrong with a typed seed, and keeps the last good one', async () => {
    ui.setPlayerSeed(SEED, false);
    const submit = renderDisclosure();
    const panel = await open();
    await userEvent.click(within(panel).getByRole('button', { name: 'Use my own seed' }));
    const input = within(panel).getByLabelText('Your own seed (64 hex digits)');
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText('Your seed is 64 hex digits (0–9, a–f); this one has 3.')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'g'.repeat(64));
    expect(within(panel).getByText('Use only hex digits: 0–9 and a–f.')).toBeTruthy();
    // Enter neither takes it nor submits the bet around it.
    fireEvent.keyDown(input, { key: 'Enter' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Use this seed' }));
    expect(getUiState()).toMatchObject({ playerSeed: SEED, playerSeedFixed: false });
    expect(submit).not.toHaveBeenCalled();
    // An emptied field says what to type once "Use this seed" is pressed.
    await userEvent.clear(input);
    await userEvent.click(within(panel).getByRole('button', { name: 'Use this seed' }));
    expect(within(panel).getByText('Type 64 hex digits (0–9, a–f), or draw a new seed.')).toBeTruthy();
    // Escape gives up the edit.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(within(panel).queryByLabelText('Your own seed (64 hex digits)')).toBeNull();
    expect(getUiState().playerSeed).toBe(SEED);
  });
});
