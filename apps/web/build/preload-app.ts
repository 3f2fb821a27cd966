import type { HtmlTagDescriptor, Plugin } from 'vite';

/** Marks the head's preloads of the app's modules, which a server-rendered page leaves out. */
export const APP_PRELOAD_ATTRIBUTE = 'data-app-module';

/**
 * The entry (src/main.tsx) holds the styles and imports the app when it starts. A client-rendered
 * page starts it at once, so its head preloads the app's modules as it would a static import: no
 * extra round trip. A server-rendered page paints first; the server drops these tags from it
 * (apps/server/src/platform/ssr.ts) and the import fetches them after the first paint (decision 029).
 */
export function preloadApp(): Plugin {
  return {
    name: 'tradeloop-preload-app',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
          if (fileName === entry.fileName || entry.imports.includes(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        return [...files].map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, [APP_PRELOAD_ATTRIBUTE]: true },
          injectTo: 'head',
        }));
      },
    },
  };
}
