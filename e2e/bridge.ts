// Playing the game server in a test: events through the real bridge of the demo site.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_BRIDGE_TOKEN } from './demo-accounts.ts';

export const eventId = () => `e2e-${randomUUID()}`;

export async function postBridgeEvents(request: APIRequestContext, events: Record<string, unknown>[]) {
  const response = await request.post('/api/bridge/events', {
    headers: { authorization: `Bearer ${E2E_BRIDGE_TOKEN}` },
    data: { events: events.map((event) => ({ id: eventId(), ...event })) },
  });
  expect(response.status(), await response.text()).toBe(200);
}
