// Gives the page its language: every <Trans> and useLingui under it reads the catalogue of the
// provider's i18n. Switching languages (the header's menu) renders the page afresh, so that what
// formats a figure without asking for the language (lib/money.ts, lib/time-format.ts) writes it in
// the new one too.
import type { I18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { Fragment, type ReactNode } from 'react';

export function LanguageProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <InLanguage>{children}</InLanguage>
    </I18nProvider>
  );
}

function InLanguage({ children }: { children?: ReactNode }) {
  const { i18n } = useLingui();
  return <Fragment key={i18n.locale}>{children}</Fragment>;
}
