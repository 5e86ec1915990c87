// The languages the laboratory's search reads the enchants' words in (enchant-query.ts matchesSearch):
// the page's, and on a page in another language English too, so that a reader finds an enchant by the
// words they see or by the English ones a guide or a friend used. The English catalogue of the page is
// loaded once, after the page has rendered (the server's HTML and its hydration search the page's
// language alone, and so agree).
import { type I18n, setupI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { SOURCE_LANGUAGE } from '@prison/shared/languages';
import { useEffect, useMemo, useState } from 'react';
import { catalogue } from '../../lib/i18n.ts';

let loading: Promise<I18n> | undefined;
let loaded: I18n | undefined;

/** The laboratory's words in English, their catalogue loaded the first time they are asked for. */
export function englishI18n(): Promise<I18n> {
  loading ??= catalogue(SOURCE_LANGUAGE, 'enchants').then(
    (messages) => {
      loaded = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: messages } });
      return loaded;
    },
    (error: unknown) => {
      // Asked for again next time (the search keeps to the page's language meanwhile).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The page's i18n, then English's once loaded when the page is in another language. */
export function useSearchLanguages(): readonly I18n[] {
  const { i18n } = useLingui();
  const language = i18n.locale;
  const inEnglish = language === SOURCE_LANGUAGE;
  const [english, setEnglish] = useState(() => loaded);
  useEffect(() => {
    if (inEnglish || english) return;
    let current = true;
    englishI18n().then(
      (found) => {
        if (current) setEnglish(found);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [inEnglish, english]);
  // A new list when the page's language changes, so that the results are searched again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is read through i18n.
  return useMemo(
    () => (inEnglish || !english ? [i18n] : [i18n, english]),
    [i18n, language, inEnglish, english],
  );
}
