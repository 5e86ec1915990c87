// What `zod` is in the browser's build (vite.config.ts points the name here): zod, in its jitless
// mode. The site's Content-Security-Policy forbids eval. Zod compiles a fast parser for each object
// schema with `new Function` when it may; the probe alone makes the browser report a CSP violation.
// Jitless mode skips both. It must be set before any schema is built: every module that imports zod
// imports this one, which sets it first. No page loads zod as it starts (lib/lazy-schema.ts).
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default, default as z } from 'zod/v4';
