// The signed-in player's language on their account (PUT /api/players/me/language).
import type { Language } from '@prison/shared/languages';
import { apiFetch, jsonRequest } from '../../lib/api.ts';

/** Keeps `language` on the account, best effort: the cookie already holds it for this browser. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  await apiFetch('/api/players/me/language', jsonRequest({ language }, { method: 'PUT' })).catch(() => {});
}
