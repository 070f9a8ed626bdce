import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  PROPOSAL_MESSAGES,
  toDateTimeLocal,
  validateProposal,
  EMPTY_PROPOSAL,
} from '../../../lib/prophecy/market-proposal.ts';
import type { MarketProposal } from '@arcade/sdk/api/prophecy';
import { MarketProposalForm } from './market-proposal-form.tsx';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW_SECS = NOW / 1000;
const REFERRER = 'DtDN5Xdri1jSYzRtZS2egNcHdsu76mmU4GkidKM9Spiy';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

function show(onSubmit: (proposal: MarketProposal) => Promise<boolean> = () => Promise.resolve(true)) {
  const submit = vi.fn(onSubmit);
  render(
    <MarketProposalForm
      label="Request a market"
      submitLabel="Send request"
      pending={false}
      onSubmit={submit}
    />,
  );
  return submit;
}

/** The error shown under the field labelled `label`. */
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id === null ? null : (document.getElementById(id.split(' ')[0]!)?.textContent ?? null);
};

/**
 * Sets a `datetime-local` field at once, as the browser's picker does. Typed key by key, jsdom sanitizes
 * each partial value to '' and the field can end up empty under load.
 */
function setDateTime(label: string, unixSeconds: number): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value: toDateTimeLocal(unixSeconds) } });
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Question'), 'Will the Celtics repeat?');
  await userEvent.type(screen.getByLabelText('Short name'), 'Celtics repeat');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'NBA');
  await userEvent.type(screen.getByLabelText('Rules'), 'Resolves Yes if they win the Finals.');
  setDateTime('Betting closes (cutoff)', NOW_SECS + 86_400);
  setDateTime('Event ends', NOW_SECS + 2 * 86_400);
}

describe('the market form', () => {
  it('shows the server’s messages for every missing field and sends nothing', async () => {
    const submit = show();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(errorOf('Question')).toBe('Name cannot be empty');
    expect(errorOf('Short name')).toBe('Short name cannot be empty');
    expect(errorOf('Rules')).toBe('Rules cannot be empty');
    expect(errorOf('Betting closes (cutoff)')).toBe(PROPOSAL_MESSAGES.cutoffRequired);
    expect(errorOf('Event ends')).toBe(PROPOSAL_MESSAGES.endRequired);
    expect(screen.getByRole('alert').textContent).toBe('Fix the 5 highlighted fields.');
    expect(submit).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByLabelText('Question'));
    });
  });

  it('refuses a cutoff after the end, a past cutoff, a bad image and a bad referrer', async () => {
    const submit = show();
    await fillValid();
    setDateTime('Event ends', NOW_SECS + 3_600);
    await userEvent.type(screen.getByLabelText('Image URL (optional)'), 'javascript:alert(1)');
    await userEvent.type(screen.getByLabelText('Referrer wallet (optional)'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(errorOf('Betting closes (cutoff)')).toBe(PROPOSAL_MESSAGES.cutoffAfterEnd);
    expect(errorOf('Image URL (optional)')).toBe('Invalid image');
    expect(errorOf('Referrer wallet (optional)')).toBe('Invalid address');
    setDateTime('Betting closes (cutoff)', NOW_SECS - 60);
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(errorOf('Betting closes (cutoff)')).toBe(PROPOSAL_MESSAGES.cutoffInPast);
    expect(submit).not.toHaveBeenCalled();
  });

  it('counts long text as the server does and refuses it', async () => {
    show();
    await userEvent.click(screen.getByLabelText('Short name'));
    await userEvent.paste('x'.repeat(41));
    expect(screen.getByText('41/40')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(errorOf('Short name')).toBe('Short name cannot be longer than 40 characters');
  });

  it('sends the trimmed proposal with unix times, and empties once accepted', async () => {
    const submit = show();
    await fillValid();
    await userEvent.type(screen.getByLabelText('Referrer wallet (optional)'), ` ${REFERRER} `);
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => {
      expect(submit).toHaveBeenCalledTimes(1);
    });
    const cutoff = Math.floor(new Date(toDateTimeLocal(NOW_SECS + 86_400)).getTime() / 1000);
    expect(submit.mock.calls[0]?.[0]).toEqual({
      name: 'Will the Celtics repeat?',
      shortName: 'Celtics repeat',
      yesOption: 'Yes',
      noOption: 'No',
      invalidOption: 'Invalid',
      category: 'NBA',
      image: '',
      rules: 'Resolves Yes if they win the Finals.',
      cutoffTime: cutoff,
      endTime: cutoff + 86_400,
      referrer: REFERRER,
    });
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('Question').value).toBe('');
    });
  });

  it('keeps what was typed when the server refuses', async () => {
    show(() => Promise.resolve(false));
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await Promise.resolve();
    expect(screen.getByLabelText<HTMLInputElement>('Question').value).toBe('Will the Celtics repeat?');
  });
});

describe('validateProposal', () => {
  it('names each option in the server’s words', () => {
    const result = validateProposal(
      { ...EMPTY_PROPOSAL, yesOption: ' ', noOption: '', invalidOption: '' },
      NOW,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.yesOption).toBe('Yes option cannot be empty');
      expect(result.errors.noOption).toBe('No option cannot be empty');
      expect(result.errors.invalidOption).toBe('Option for an invalid result cannot be empty');
    }
  });

  it('refuses control characters', () => {
    const result = validateProposal({ ...EMPTY_PROPOSAL, name: 'a\u0000b' }, NOW);
    expect(!result.ok && result.errors.name).toBe('Name contains invalid characters');
  });
});
