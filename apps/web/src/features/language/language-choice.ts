// Choosing the site's language (docs/translations.md): the choice is kept in the `lang` cookie, which
// the server reads to render the next page in it, and on a signed-in player's account, which takes
// it to every device they sign in on. A shared link's `?lang=` opens that page in its language
// without changing what the visitor chose.
import { LANGUAGE_COOKIE, LANGUAGE_PARAMETER, type Language, matchLanguage } from '@prison/shared/languages';
import { activateLanguage, currentLanguage } from '../../lib/i18n.ts';
import { readSession, readToken, saveUser, subscribeSession } from '../../lib/session.ts';
import { saveAccountLanguage } from './api.ts';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Keeps the choice for the server's next page: a year, on this host. */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, written where the Cookie Store API is missing too.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * The visitor picked `language` from the menu: the page switches to it, the cookie keeps it and, when
 * signed in, so does the account. The account's copy is best effort: the cookie already holds it here.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await activateLanguage(language);
  const session = readSession();
  if (session && readToken()) {
    // The stored user says so too, so that following the account does not switch back meanwhile.
    followed = language;
    saveUser({ ...session.user, language });
    await saveAccountLanguage(language);
  }
}

/** Whether this page was opened by a link naming its language (`?lang=de`). */
const openedWithLanguage = (): boolean =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).has(LANGUAGE_PARAMETER);

/**
 * The signed-in player's account names a language (they chose it on another device): this browser
 * switches to it and keeps it, unless the page was opened by a link naming its own.
 */
export async function followAccountLanguage(
  chosen: string | null | undefined,
  offered: readonly Language[],
): Promise<void> {
  const language = matchLanguage(chosen, offered);
  if (!language || openedWithLanguage()) return;
  rememberLanguage(language);
  if (language !== currentLanguage()) await activateLanguage(language);
}

/** The account language last followed (or chosen here). */
let followed: string | null | undefined;

/**
 * Follows the signed-in player's account language whenever the session's user changes (a sign-in,
 * the start-up check of a stored session).
 */
export function followSessionLanguage(offered: readonly Language[]): void {
  const follow = () => {
    const chosen = readSession()?.user.language;
    if (!chosen || chosen === followed) return;
    followed = chosen;
    void followAccountLanguage(chosen, offered);
  };
  subscribeSession(follow);
  follow();
}
