/**
 * Chat and feed, end to end with two browser contexts: a chat message one player sends is seen live by the
 * other, and a TailSpin bet one player places shows in the other's Game Feed, with the player's name.
 */

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { screenshot, signIn } from '../harness/index.ts';
import { spin, UI_TIMEOUT, withPlayers } from './helpers.ts';

/** Opens the right sidebar (when closed) on `tab`. */
async function openSidebar(page: Page, tab: 'Game Feed' | 'Live Chat') {
  const sidebar = page.getByRole('complementary', { name: 'Feed and chat' });
  if (!(await sidebar.isVisible())) {
    await page.getByRole('button', { name: 'Show feed and chat' }).click();
  }
  await sidebar.getByRole('tab', { name: tab }).click();
  return sidebar;
}

describe('chat and feed', () => {
  it('shows a chat message to another player live', async () => {
    await withPlayers([{ sol: 1 }, { sol: 1 }], async (alice, bob) => {
      for (const player of [alice, bob]) {
        await player.page.goto('/');
        await signIn(player.page);
      }
      // Bob's chat is loaded (empty or not) before Alice writes.
      const bobChat = (await openSidebar(bob.page, 'Live Chat')).getByRole('region', { name: 'Live chat' });
      const bobLog = bobChat.getByRole('log', { name: 'Chat messages' });
      await bobLog.or(bobChat.getByText('No messages yet. Say gm!')).first().waitFor({ timeout: UI_TIMEOUT });

      const aliceChat = await openSidebar(alice.page, 'Live Chat');
      const text = `gm from the e2e run ${Date.now()}`;
      const composer = aliceChat.getByPlaceholder('Say something…');
      await composer.fill(text);
      expect(await aliceChat.getByLabel(`${text.length} of 100 characters`).count()).toBe(1);
      await composer.press('Enter');
      await expect.poll(() => composer.inputValue(), { timeout: UI_TIMEOUT }).toBe('');

      // Bob's chat receives it over the socket, without a reload.
      await bobLog.getByText(text).waitFor({ timeout: UI_TIMEOUT });
      await screenshot(bob.page, 'suite-chat-received');
    });
  });

  it("shows another player's bet in the Game Feed", async () => {
    await withPlayers([{ sol: 2 }, { sol: 1 }], async (alice, bob) => {
      await alice.page.goto('/tailspin');
      const aliceName = await signIn(alice.page);
      await bob.page.goto('/');
      await signIn(bob.page);
      const feed = (await openSidebar(bob.page, 'Game Feed')).getByRole('region', { name: 'Game feed' });
      await feed.waitFor({ timeout: UI_TIMEOUT });

      // One honest spin: whatever it rolls, the bet is in the feed.
      await spin(alice, { odds: 50, stake: '0.05' });
      // The bet reaches Bob's feed with Alice's name.
      const row = feed.getByRole('listitem').filter({ hasText: aliceName ?? '' });
      await row.first().waitFor({ timeout: UI_TIMEOUT });
      expect(await row.first().textContent()).toContain('50%');
      await screenshot(bob.page, 'suite-feed-bet');
    });
  });
});
