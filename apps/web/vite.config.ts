import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadApp } from './build/preload-app.ts';
import { pureContracts } from './build/pure-contracts.ts';
import { stableMantineIds } from './build/stable-mantine-ids.ts';

/**
 * React Router's package points every import at its development build (warnings on, remix-run/react-router
 * issues 12532 and 14102); a production build takes the production one, as it does React's.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

/** The API server of `npm run dev -w @tradeloop/server`; production serves dist/ from the same origin. */
const apiTarget = process.env.TRADELOOP_API ?? 'http://localhost:3000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Static files are compressed once, at build time, at the highest levels (decision 029): the
 * server sends file.br or file.gz beside file when the browser accepts it.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tradeloop-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await fs.readFile(full);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  base: '/',
  plugins: [pureContracts(), stableMantineIds(), react(), preloadApp(), precompress()],
  server: {
    port: 5173,
    // Only API bases: /crm and /chat without a version are pages of this app.
    proxy: Object.fromEntries(
      ['/api', '/crm/v1', '/chat/v1', '/broadcasting', '/socket.io'].map((prefix) => [
        prefix,
        { target: apiTarget, changeOrigin: true, ws: prefix === '/socket.io' },
      ]),
    ),
  },
  // The server-rendering entry (decision 029) goes to dist-ssr/, which the server imports and
  // never serves. Everything is bundled into it: React's production build whatever NODE_ENV says,
  // and the contracts, which are TypeScript sources.
  ssr: { noExternal: true },
  resolve: command === 'build' ? { alias: productionReactRouter } : {},
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // No preload links added at run time: each one cost the main thread more than its module, in the
        // long tasks of a starting page (decision 029). The browser fetches a module's imports as it meets them.
        modulePreload: false,
      },
}));
