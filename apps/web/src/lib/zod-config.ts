/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that on first use;
 * the page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses the probe and
 * reports a violation on every page. Parsing without compiling is fast enough for forms and URLs.
 * Zod reads its settings from this global when it first loads, so the pages that never parse
 * with zod (the public ones) do not have to load it to set them (decision 029). The browser suite's
 * console checks fail if a zod upgrade stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
