import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that on first use;
 * the page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses the probe and
 * reports a violation on every page. Parsing without compiling is fast enough for forms and URLs.
 */
config({ jitless: true });
