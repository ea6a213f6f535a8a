import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../e2e/support/api';
import { protectedSeat } from '../e2e/support/consent';
import { sessionOf, simulate } from '../e2e/support/pairing';
import { eventually } from '../support/eventually';
import { byTestId, expectAccessible, launchBrowser, openLink } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser('face');
});
afterAll(async () => browser?.close());

const attribute = (locator: ReturnType<typeof byTestId>, name: string, timeout = 20_000) =>
  expect.poll(() => locator.getAttribute(name), { timeout });

describe('the consent page: the history reads', () => {
  it('shows the warm-up after paired, then offers a later read and takes the yes', async () => {
    const family = await protectedSeat();
    const token = family.owner.token;
    const page = await openLink(browser, family.linkToken);
    await attribute(byTestId(page, 'protection-state'), 'data-state').toBe('ready_to_connect');
    await page.getByRole('button', { name: 'Conectar o WhatsApp' }).click();
    await expect.poll(() => byTestId(page, 'pairing-code').isVisible(), { timeout: 15_000 }).toBe(true);
    const session = await sessionOf(family.seatUid);
    // A seeded history read slowly, so the warm-up is seen under way.
    await simulate(session, 'history', {
      chats: [
        { id: '5511933334444@c.us', messages: [{ body: 'oi' }, { body: 'tudo bem?' }, { body: 'sim' }] },
      ],
    });
    await simulate(session, 'history/pace', { messagesPerSecond: 1 });
    await simulate(session, 'link');
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('paired');

    await attribute(byTestId(page, 'history-status'), 'data-status').toMatch(/^(queued|started)$/);
    expect(await byTestId(page, 'history-status').innerText()).toMatch(/conversas recentes/);
    await expectAccessible(page);
    await simulate(session, 'history/pace', {});
    await attribute(byTestId(page, 'history-status'), 'data-status').toBe('finished');

    // The connection drops and comes back; a guardian asks for a later read, which the person accepts here.
    await simulate(session, 'drop');
    // Seen dropped before the restart, so that the reconnect is one the import service counts.
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('degraded');
    await simulate(session, 'server-restart');
    await attribute(byTestId(page, 'pairing-status'), 'data-status').toBe('paired');
    const asked = await call('POST', `/seats/${family.seatUid}/history-import`, { token });
    expect(asked.status).toBe(201);
    const offered = await eventually(
      async () =>
        (await call('GET', `/seats/${family.seatUid}/history-import`, { token })).body.data as {
          status: string;
          offerExpiresAt: string | null;
        },
      (body) => body.status === 'offered',
      'the offer',
      20_000,
    );
    const offer = byTestId(page, 'history-offer');
    await attribute(offer, 'data-expires-at').toBe(offered.offerExpiresAt);
    expect(await offer.innerText()).toMatch(/A oferta vale por mais \d+:\d\d/);
    await expectAccessible(page);
    await byTestId(page, 'history-accept').click();
    await attribute(byTestId(page, 'history-status'), 'data-status').toBe('accepted');
    const accepted = (await call('GET', `/seats/${family.seatUid}/history-import`, { token })).body.data as {
      status: string;
    };
    expect(['running', 'done']).toContain(accepted.status);
    await expectAccessible(page);
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token });
  }, 120_000);
});
