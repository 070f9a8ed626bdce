/**
 * ReTail, end to end in Chromium against the product: a new player browses the trending collections,
 * opens a collection and its cheapest listing, reads the pre-bet breakdown, bets at 95% odds, watches the
 * claw and then either claims the NFT (it lands in the wallet's inventory) or is offered another go.
 */

import { ODDS_MAX } from '@arcade/sdk/constants';
import { describe, expect, it } from 'vitest';

import { parseSolInput } from '../../apps/web/src/lib/format.ts';
import { betBreakdown } from '../../apps/web/src/features/retail/utils/price-breakdown.ts';
import { breakdownSol } from '../../apps/web/src/features/retail/utils/sol-text.ts';
import { balance, newPlayer, product, screenshot, signIn } from '../harness/index.ts';

/** A listing as `GET /api/nfts/collectionV2` sends it. */
interface WireListing {
  mint: string;
  name: string;
  price: string;
  royaltyBps: number;
  tokenStandard: 'NonFungible' | 'ProgrammableNonFungible' | 'Core';
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${product().url}${path}`);
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** The value of a breakdown row, by its label. */
async function rowValue(page: import('playwright-core').Page, label: string): Promise<string> {
  const row = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) });
  return ((await row.locator('dd').first().textContent()) ?? '').trim();
}

describe('ReTail', () => {
  it(
    'bets on the cheapest listing and claims the NFT on a win (or offers another go)',
    { timeout: 420_000 },
    async () => {
      const player = await newPlayer({ sol: 5 });
      const { page, address } = player;
      try {
        await page.goto('/retail');
        await signIn(page);

        // Browse: the trending collections, then the first collection's page.
        const { collections } = await getJson<{ collections: { slug: string; name: string }[] }>(
          '/api/nfts/trendingV2',
        );
        const collection = collections[0]!;
        await page.getByRole('heading', { name: 'Trending collections' }).waitFor();
        await page
          .getByRole('link', { name: new RegExp(collection.name) })
          .first()
          .click();
        await page.getByRole('heading', { level: 1, name: collection.name }).waitFor();

        // Its listings come cheapest first; open the first one.
        const detail = await getJson<{ collection: { collId: string; listings: WireListing[] } }>(
          `/api/nfts/collectionV2?collId=${encodeURIComponent(collection.slug)}`,
        );
        const cheapest = detail.collection.listings[0]!;
        const listings = page.getByRole('region', { name: 'Listings' });
        await listings.getByRole('link').first().click();
        await page.getByRole('heading', { level: 1, name: cheapest.name }).waitFor();
        expect(new URL(page.url()).searchParams.get('listing')).toBe(cheapest.mint);
        await page.getByText('● Listed').waitFor();

        // The pre-bet breakdown at 95%: listing price, 1.5% marketplace fee, royalty, buyer price, cost.
        const oddsField = page.getByRole('textbox', { name: 'Win chance in percent' });
        await oddsField.fill(String(ODDS_MAX));
        await oddsField.press('Enter');
        const expected = betBreakdown(
          {
            price: BigInt(cheapest.price),
            royaltyBps: cheapest.royaltyBps,
            tokenStandard: cheapest.tokenStandard,
          },
          ODDS_MAX,
        );
        expect(await rowValue(page, 'Listing price')).toBe(breakdownSol(expected.listingPrice));
        expect(await rowValue(page, 'Marketplace fee (1.5%)')).toBe(breakdownSol(expected.marketplaceFee));
        expect(await rowValue(page, 'Buyer price (your prize)')).toBe(breakdownSol(expected.buyerPrice));
        // What the wallet is charged, exactly: the cost, plus the bet record's rent on a first bet.
        const pays = parseSolInput((await rowValue(page, 'You pay')).split(/[ +]/)[0]!)!;
        expect(pays).toBeGreaterThanOrEqual(expected.total);
        expect(pays).toBeLessThanOrEqual(expected.total + 3_000_000n);
        if (!expected.royaltyApplies) expect(await rowValue(page, 'Royalty')).toContain('None');
        await screenshot(page, 'retail-breakdown');

        // Bet, and wait for the claw to play the result.
        const before = await balance(address);
        await page.getByRole('button', { name: /^Play for \d+(\.\d+)? SOL$/ }).click();
        // The wallet signs, the bet confirms, the house draws, the claw plays: then a win or a loss.
        const won = page.getByText(`You won ${cheapest.name}!`);
        const lost = page.getByRole('button', { name: 'Have another go' });
        const failed = page.getByRole('alert');
        await won.or(lost).or(failed).first().waitFor({ timeout: 200_000 });
        if (await failed.isVisible()) {
          await screenshot(page, 'retail-failed');
          throw new Error(`The bet failed: ${await failed.textContent()}`);
        }
        const afterBet = await balance(address);
        expect(before - afterBet).toBeGreaterThanOrEqual(expected.total);

        if (await won.isVisible()) {
          await screenshot(page, 'retail-won');
          await page.getByRole('button', { name: 'Claim NFT' }).click();
          await page.getByText(`${cheapest.name} is yours!`).waitFor({ timeout: 60_000 });
          await page.getByText('It is in your wallet.').waitFor({ timeout: 30_000 });
          const { inventory } = await getJson<{ inventory: { id: string }[] }>(
            `/api/nfts/inventoryV2?address=${address}`,
          );
          expect(inventory.map((nft) => nft.id)).toContain(cheapest.mint);
          // The NFT is sold: the marketplace stops listing it (its listing cache lasts a moment).
          const listingUrl = `${product().url}/api/nfts/getListingV2?collId=${encodeURIComponent(detail.collection.collId)}&mint=${cheapest.mint}`;
          await expect.poll(async () => (await fetch(listingUrl)).status, { timeout: 15_000 }).toBe(404);
          await screenshot(page, 'retail-claimed');
        } else {
          expect(await page.getByText('The claw slipped!').isVisible()).toBe(true);
          await screenshot(page, 'retail-lost');
          await lost.click();
          await page.getByRole('button', { name: /^Play for/ }).waitFor();
        }
      } finally {
        await player.close();
      }
    },
  );
});
