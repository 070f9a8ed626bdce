import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server the dev server forwards API, socket and RPC traffic to (`npm start` listens there). */
const serverUrl = process.env['ARCADE_SERVER_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 4096,
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
