import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server the dev server forwards API, socket and RPC traffic to: `ARCADE_SERVER_URL`, else where
 * `npm start` listens (`PORT`, default 8080, as the server reads it).
 */
const serverUrl = process.env['ARCADE_SERVER_URL'] ?? `http://127.0.0.1:${process.env['PORT'] ?? '8080'}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    // No maps in the build: the product server never serves them (they hand out the original source);
    // the dev server (`npm run dev -w @arcade/web`) has them for debugging.
    sourcemap: false,
    assetsInlineLimit: 4096,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first render needs in one file: left alone, the modules the entry shares with
          // lazy chunks become a dozen tiny preloads, each a request on a slow phone's few connections.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': serverUrl,
      '/rpc': { target: serverUrl, ws: true },
      '/activity': { target: serverUrl, ws: true },
      '/chat': { target: serverUrl, ws: true },
    },
  },
});
