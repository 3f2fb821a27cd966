import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server of `npm run dev -w @tradeloop/server`; production serves dist/ from the same origin. */
const apiTarget = process.env.TRADELOOP_API ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
