// The language menu of the header and the mobile menu: every offered language, each written in
// itself. A native <select> under the look of the header's buttons: the system's own list on a
// phone, keyboard and screen reader support for free, and no menu code in the first page load.
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGE_PARAMETER, type Language } from '@prison/shared/languages';
import { clsx } from 'clsx';
import { ChevronDown, Languages } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { chooseLanguage } from './language-choice.ts';

/** The short form the header shows: "EN", "PT". */
const shortName = (language: Language) => language.split('-')[0]!.toUpperCase();

export function LanguageMenu({ variant = 'header' }: { variant?: 'header' | 'panel' }) {
  const { t } = useLingui();
  const { languages } = useSiteConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const current = currentLanguage();
  if (languages.length < 2) return null;

  const choose = async (value: string) => {
    const language = languages.find((offered) => offered === value);
    if (!language) return;
    await chooseLanguage(language);
    // A link's ?lang= named the page's language: the visitor has now chosen theirs.
    const search = new URLSearchParams(location.search);
    if (search.has(LANGUAGE_PARAMETER)) {
      search.delete(LANGUAGE_PARAMETER);
      const query = search.toString();
      void navigate({ ...location, search: query ? `?${query}` : '' }, { replace: true });
    }
  };

  const select = (
    <select
      value={current}
      onChange={(event) => void choose(event.target.value)}
      aria-label={t`Language`}
      className={clsx(
        'cursor-pointer appearance-none',
        variant === 'header'
          ? 'absolute inset-0 size-full opacity-0'
          : 'h-11 w-full rounded-xl border border-line bg-surface pr-9 pl-10 text-sm font-medium text-fg',
      )}
    >
      {languages.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );

  if (variant === 'panel') {
    return (
      <div>
        <p className="mb-2 text-xs font-semibold tracking-wider text-fg-muted uppercase">
          <Trans>Language</Trans>
        </p>
        <div className="relative">
          <Languages
            aria-hidden
            className="pointer-events-none absolute top-3.5 left-3.5 size-4 text-fg-muted"
          />
          {select}
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-3.5 right-3.5 size-4 text-fg-muted"
          />
        </div>
      </div>
    );
  }
  return (
    <div
      className={clsx(
        'relative inline-flex h-10 items-center gap-1 rounded-xl px-2.5 text-fg-muted transition',
        'focus-within:ring-2 focus-within:ring-accent hover:bg-fg/[0.06] hover:text-fg',
      )}
    >
      <Languages aria-hidden className="size-[18px]" />
      <span aria-hidden className="text-xs font-semibold tracking-wide">
        {shortName(current)}
      </span>
      {select}
    </div>
  );
}
