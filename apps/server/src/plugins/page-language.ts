// The language a page is sent in (README, Languages): the one its address names (`?lang=de`, so a
// shared link carries it), else the visitor's choice kept in the `lang` cookie (the web app writes it
// when a visitor picks one, and from a signed-in player's account), else the best of the browser's
// Accept-Language, else the site's default (SITE_LANGUAGE). Only offered languages (SITE_LANGUAGES)
// are ever chosen.
import {
  LANGUAGE_COOKIE,
  LANGUAGE_PARAMETER,
  type Language,
  matchLanguage,
  negotiateLanguage,
} from '@prison/shared/languages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export interface PageLanguage {
  language: Language;
  /** The request's headers the choice read, for the answer's Vary: none when the address decided. */
  vary: readonly string[];
}

const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);
const FROM_HEADERS = ['cookie', 'accept-language'] as const;

export function pageLanguage(request: FastifyRequest, languages: Config['languages']): PageLanguage {
  const query = request.url.includes('?') ? new URLSearchParams(request.url.split('?')[1]) : undefined;
  const named = matchLanguage(query?.get(LANGUAGE_PARAMETER), languages.offered);
  if (named) return { language: named, vary: [] };
  const kept = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  const language =
    matchLanguage(kept && safeDecode(kept), languages.offered) ??
    negotiateLanguage(request.headers['accept-language'], languages.offered) ??
    languages.default;
  return { language, vary: FROM_HEADERS };
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
