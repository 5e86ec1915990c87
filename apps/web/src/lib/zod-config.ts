// The site's Content-Security-Policy forbids eval. Zod compiles a fast parser for each object schema
// with `new Function` when it may; the probe alone makes the browser report a CSP violation. Jitless
// mode skips both. It must be set before any schema is built, so main.tsx imports this module first.
import { config } from 'zod';

config({ jitless: true });
