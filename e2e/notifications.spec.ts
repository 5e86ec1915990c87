// Notifications end to end (README, Notifications): a seller of their own (a player the game server
// reports, with a site password set in game) watches the bell while a buyer in another browser buys
// their listing; the count rises by itself, the list says who bought what, and "Mark all read" clears
// it. With sales turned off on /profile, the next sale brings nothing, while a friend's request still
// does.
import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { type DemoAccount, demoLogin } from './demo-accounts.ts';
import { appStarted, expectAccessible, signInAs } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 } });

async function signedIn(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(page, account);
  return page;
}

test('the bell counts a sale made in another browser, lists it and marks it read; a kind turned off stops', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const seller = { uuid: randomUUID(), username: `Seller${tag}`, password: `sells-${tag}-well` };
  const buyer = { uuid: randomUUID(), username: `Buyer${tag}`, password: `buys-${tag}-well` };
  const friend = { uuid: randomUUID(), username: `Pal${tag}` };
  const listingId = `e2e-bell-${tag}`;
  const setup = await (await browser.newContext()).newPage();
  await postBridgeEvents(setup.request, [
    ...[seller, buyer, friend].map((p) => ({ type: 'player.join', uuid: p.uuid, username: p.username })),
    ...[seller, buyer].map((p) => ({ type: 'account.password', uuid: p.uuid, password: p.password })),
    { type: 'player.balance', uuid: buyer.uuid, delta: 1000, reason: 'e2e' },
    {
      type: 'auction.listed',
      listing_id: listingId,
      seller_uuid: seller.uuid,
      category_key: 'e2e-bell',
      category_name: 'Bell goods',
      item: { name: 'Golden Apple', icon: 'golden_apple' },
      qty: 5,
      price: 25,
    },
  ]);
  await setup.context().close();

  const sellerPage = await signedIn(browser, seller);
  await sellerPage.goto('/');
  await appStarted(sellerPage);
  const bell = sellerPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('data-unread', '0');

  // The buyer, in another browser, buys two.
  const buyerPage = await signedIn(browser, buyer);
  const { access_token: buyerToken } = await demoLogin(buyerPage.request, buyer);
  const buy = async () => {
    const bought = await buyerPage.request.post('/api/auction/purchase', {
      headers: { authorization: `Bearer ${buyerToken}` },
      data: { id: listingId, qty: 2 },
    });
    expect(bought.status(), await bought.text()).toBe(200);
  };
  await buy();
  await expect(bell).toHaveAttribute('data-unread', '1', { timeout: 20_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await bell.click();
  const panel = sellerPage.getByRole('dialog', { name: 'Notifications' });
  const list = panel.getByRole('list', { name: 'Your notifications' });
  await expect(list.getByRole('listitem').first()).toContainText(
    `${buyer.username} bought 2 × Golden Apple from you for`,
  );
  // Checked once the panel has finished sliding in (colours are measured as they show).
  await panel.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  await expectAccessible(sellerPage);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByText('Everything is read.')).toBeVisible();
  await panel.getByRole('button', { name: 'Close notifications' }).click();
  await expect(panel).toBeHidden();
  // (While the panel is open the page behind it is hidden from assistive technology, the bell too.)
  await expect(bell).toHaveAttribute('data-unread', '0');

  // Sales turned off on the profile: the next sale tells nothing, a friend still does.
  await sellerPage.goto('/profile#notifications');
  const sales = sellerPage.getByRole('switch', { name: 'One of my listings sells' });
  await expect(sales).toBeChecked();
  const saved = sellerPage.waitForResponse(
    (r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT',
  );
  await sales.click();
  expect((await saved).status()).toBe(200);
  await expect(sales).not.toBeChecked();
  await buy();
  await postBridgeEvents(sellerPage.request, [
    { type: 'friend.add', uuid: friend.uuid, friend_uuid: seller.uuid },
  ]);
  await expect(bell).toHaveAttribute('data-unread', '1', { timeout: 20_000 });
  await bell.click();
  const items = sellerPage.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem');
  await expect(items.first()).toContainText(`${friend.username} added you as a friend`);
  // The friend's request is the only news since the first sale.
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText(`${buyer.username} bought 2 × Golden Apple`);

  await sellerPage.context().close();
  await buyerPage.context().close();
});
