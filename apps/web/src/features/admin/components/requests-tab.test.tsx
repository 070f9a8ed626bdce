import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MockChain } from '../../../testing/mock-chain.ts';
import { ADMIN, mockFetch, PLAYER, renderWithQuery, setTestConfig } from '../testing/admin-test-utils.tsx';
import { referrerWarnings } from '../utils/referrer-check.ts';
import { RequestsTab } from './requests-tab.tsx';

vi.mock('../../../lib/session/session.tsx', () => ({
  useSession: () => ({
    session: { address: ADMIN, token: 'admin-token' },
    status: 'signed-in',
    blocked: false,
    signIn: () => Promise.resolve(),
    signOut: () => undefined,
  }),
}));

const mocks = vi.hoisted(() => ({ chain: null as unknown as MockChain }));
vi.mock('../../../lib/wallet/rpc.ts', () => ({ getRpc: () => mocks.chain.rpc() }));

/** A wallet that is neither the requester nor anything reserved. */
const FRIEND = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
/** A deployed program (executable on chain). */
const PROGRAM = 'CsvPf6BGTAfi41qVFSgtwo4L1ep5GGuJ5TbAypyRbWeG';

function request(referrer: string | null) {
  return {
    id: 7,
    requester: PLAYER,
    requesterUsername: 'degen_42',
    marketMetadata: {
      name: 'Will SOL close above $300?',
      shortName: 'SOL > $300',
      yesOption: 'Above',
      noOption: 'Below',
      invalidOption: 'Void',
      category: 'Crypto',
      image: null,
      rules: 'Resolves Yes if SOL closes above $300.',
    },
    endTime: 2_000_000_000,
    cutoffTime: 1_999_000_000,
    referrer,
    status: 'pending',
    reason: null,
    market: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: 1_700_000_000_000,
  };
}

function serve(referrer: string | null) {
  mockFetch({
    'GET /api/prophecy/requests': { body: { success: true, requests: [request(referrer)] } },
  });
}

async function openApproval() {
  renderWithQuery(<RequestsTab />);
  await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  return screen.getByRole('form', { name: 'Approve request 7' });
}

beforeEach(() => {
  setTestConfig();
  mocks.chain = new MockChain();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequestsTab: the requested referrer, before approval', () => {
  it('shows the referrer abbreviated, and a plain wallet without a warning', async () => {
    serve(FRIEND);
    const form = await openApproval();
    const check = within(form).getByTestId('referrer-check');
    expect(within(check).getByTitle(FRIEND).textContent).toBe('9xQe…VFin');
    await waitFor(() => {
      expect(within(check).getByText('Wallet')).toBeTruthy();
    });
    expect(check.textContent).toContain('Earns a tenth of this market’s fee');
    expect(check.textContent).not.toContain('⚠');
    // The card shows it too.
    expect(screen.getAllByTitle(FRIEND).length).toBeGreaterThan(1);
  });

  it('warns when the requester names itself', async () => {
    serve(PLAYER);
    const form = await openApproval();
    const check = within(form).getByTestId('referrer-check');
    expect(check.textContent).toContain('Requester');
    expect(check.textContent).toContain('The requester named itself');
  });

  it('warns for a program, read from the chain', async () => {
    mocks.chain.set(PROGRAM, new Uint8Array(36));
    mocks.chain.executables.add(PROGRAM);
    serve(PROGRAM);
    const form = await openApproval();
    await waitFor(() => {
      expect(within(form).getByTestId('referrer-check').textContent).toContain('Program');
    });
    expect(within(form).getByText('A program: it cannot sign to claim its share.')).toBeTruthy();
  });

  it('warns for a sysvar and a reserved key', async () => {
    serve('SysvarRent111111111111111111111111111111111');
    const form = await openApproval();
    expect(within(form).getByTestId('referrer-check').textContent).toContain('Sysvar');
    expect(referrerWarnings('11111111111111111111111111111111', PLAYER, false)).toEqual(['reserved']);
    expect(referrerWarnings('Stake11111111111111111111111111111111111111', PLAYER, false)).toEqual([
      'reserved',
    ]);
    expect(referrerWarnings('1nc1nerator11111111111111111111111111111111', PLAYER, false)).toEqual([
      'reserved',
    ]);
    expect(referrerWarnings('SysvarS1otHashes111111111111111111111111111', PLAYER, undefined)).toEqual([
      'sysvar',
    ]);
    expect(referrerWarnings(FRIEND, PLAYER, false)).toEqual([]);
    expect(referrerWarnings(PLAYER, PLAYER, false)).toEqual(['requester']);
    expect(referrerWarnings('not an address', PLAYER, undefined)).toEqual(['invalid']);
  });

  it('says when there is no referrer', async () => {
    serve(null);
    const form = await openApproval();
    expect(form.textContent).toContain('Referrer: none');
  });
});
