// The server's name, in one place (the web app, and the server's page titles and preview cards) so
// a deployment can rename the site with a one-line change.
export const SITE_NAME = 'Vaultbreak';
export const SITE_TAGLINE = 'Prison server';

/** A browser tab title for a page of the site. */
export const pageTitle = (title: string) => `${title} · ${SITE_NAME}`;
