import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import claw from '../../../../public/claw.json' with { type: 'json' };
import { fakeFrames, Held, reducedMotion } from '../../../testing/animation.tsx';
import type { ClawPhase } from '../utils/claw-animation.ts';
import { ClawMachine } from './claw-machine.tsx';

let client: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function machine(phase: ClawPhase, onPhaseEnd: (phase: ClawPhase) => void) {
  return (
    <>
      <ClawMachine image="/nft.png" name="Juice Critter #16" phase={phase} onPhaseEnd={onPhaseEnd} />
      <Held />
    </>
  );
}

const held = () => screen.getByTestId('held').textContent;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(claw), { headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function loaded() {
  await waitFor(() => {
    expect(client.getQueryData(['animation', '/claw.json'])).toBeDefined();
  });
}

describe('ClawMachine', () => {
  it('holds other announcements of the result from the bet until the claw has played it, within a second', async () => {
    reducedMotion(false);
    const frames = fakeFrames();
    const onPhaseEnd = vi.fn();
    const { rerender } = render(machine('idle', onPhaseEnd), { wrapper });
    await loaded();
    expect(held()).toBe('free');

    // The bet is sent: the claw goes for the NFT while the result is awaited.
    rerender(machine('waiting', onPhaseEnd));
    expect(held()).toBe('held');
    expect(screen.getByRole('img', { name: 'The claw is lining up over Juice Critter #16' })).toBeTruthy();
    frames.advance(500);

    // The result: the NFT slips back, still held until it lies on the floor.
    rerender(machine('loss', onPhaseEnd));
    expect(held()).toBe('held');
    expect(onPhaseEnd).not.toHaveBeenCalled();
    frames.advance(1_000);
    expect(onPhaseEnd).toHaveBeenCalledExactlyOnceWith('loss');
    expect(held()).toBe('free');
  });

  it('releases the hold when it goes away while the claw is still at it', async () => {
    reducedMotion(false);
    fakeFrames();
    const { rerender } = render(
      machine('waiting', () => {}),
      { wrapper },
    );
    await loaded();
    expect(held()).toBe('held');
    rerender(<Held />);
    expect(held()).toBe('free');
  });

  it('plays nothing with reduced motion: the result shows at once', async () => {
    reducedMotion(true);
    fakeFrames();
    const onPhaseEnd = vi.fn();
    const { rerender } = render(machine('waiting', onPhaseEnd), { wrapper });
    await loaded();
    rerender(machine('win', onPhaseEnd));
    expect(onPhaseEnd).toHaveBeenCalledExactlyOnceWith('win');
    expect(held()).toBe('free');
  });
});
