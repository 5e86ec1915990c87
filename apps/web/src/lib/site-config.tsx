import { LANGUAGES, SOURCE_LANGUAGE } from '@prison/shared/languages';
import { SEASON } from '@prison/shared/season';
import type { SiteConfig } from '@prison/shared/site-config';
import { createContext, type ReactNode, useContext } from 'react';

// Used when GET /api/config fails or answers something unexpected: the public site still works,
// with no admin host (so the admin console lives under /admin) and no external links.
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  adminHosts: [],
  communityInviteUrl: '',
  avatarUrl: '',
  itemIconUrl: '',
  gameVersion: '1.21.4',
  season: SEASON,
  demo: false,
  languages: [...LANGUAGES],
  defaultLanguage: SOURCE_LANGUAGE,
};

const CONFIG_TIMEOUT_MS = 5000;

export async function loadSiteConfig(fetchImpl: typeof fetch = fetch): Promise<SiteConfig> {
  try {
    // The schema comes with zod, which a page the server rendered never needs (it brings its
    // configuration): it loads alongside the answer, not in the first page load's code.
    const [response, { siteConfigSchema }] = await Promise.all([
      fetchImpl('/api/config', {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
      }),
      import('@prison/shared/site-config'),
    ]);
    if (!response.ok) return DEFAULT_SITE_CONFIG;
    const parsed = siteConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : DEFAULT_SITE_CONFIG;
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext value={config}>{children}</SiteConfigContext>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}

/** The external host an address template points at; null when empty or relative (served by this site). */
export function templateHost(template: string): string | null {
  try {
    return new URL(template.replace(/\{\w+\}/g, 'x')).host || null;
  } catch {
    return null;
  }
}
