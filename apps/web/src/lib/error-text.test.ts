// The reader's words for an error: the server's detail in English; in another language the site's
// message for its code, or, for a code only the console meets, the console's own message when the
// page passes it, else the page's own fallback, never the English detail.
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ERROR_MESSAGES } from '../features/admin/webhook-errors.ts';
import { httpError } from './api.ts';
import { errorText } from './error-text.ts';
import { activateLanguage, loadAdminCatalogue } from './i18n.ts';

const refused = httpError(400, {
  detail: 'Webhook addresses go to Discord (discord.com): example.com is not one of its hosts',
  code: 'webhook_address_refused',
});

describe('errorText', () => {
  afterAll(() => activateLanguage('en'));

  it('gives the server’s detail in English', async () => {
    await activateLanguage('en');
    expect(errorText(refused, 'Fallback')).toBe(refused.detail);
    expect(errorText(httpError(404, { detail: 'No such player', code: 'unknown_player' }), 'F')).toBe(
      'No such player',
    );
  });

  it('words a console code from the console’s catalogue, and never shows the English detail', async () => {
    await activateLanguage('de');
    await loadAdminCatalogue();
    const worded = errorText(refused, 'Ersatz', WEBHOOK_ERROR_MESSAGES);
    expect(worded).toMatch(/Discord-Webhook-Adresse/);
    expect(errorText(refused, 'Ersatz')).toBe('Ersatz');
    // A site code keeps the site's message; an unknown code, the detail.
    expect(errorText(httpError(404, { detail: 'No such player', code: 'unknown_player' }), 'F')).not.toBe(
      'No such player',
    );
    expect(errorText(httpError(409, { detail: 'Newer', code: 'from_a_newer_server' }), 'F')).toBe('Newer');
  });
});
