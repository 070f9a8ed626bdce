import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server the dev server forwards API, socket and RPC traffic to (`npm start` listens there). */
const serverUrl = process.env['ARCADE_SERVER_URL'] ?? 'http://127.0.0.1:8080';
/** Where `/rpc` goes in development: the server's RPC proxy, or a chain's JSON-RPC and PubSub directly. */
const rpcHttp = process.env['ARCADE_DEV_RPC_URL'];
const rpcWs = process.env['ARCADE_DEV_RPC_WS_URL'];

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
      '/rpc':
        rpcHttp === undefined
          ? { target: serverUrl, ws: true }
          : {
              target: rpcHttp,
              rewrite: () => '/',
              ...(rpcWs === undefined
                ? {}
                : {
                    ws: true,
                    router: (req: { headers: { upgrade?: string } }) =>
                      req.headers.upgrade ? rpcWs : rpcHttp,
                  }),
            },
      '/activity': { target: serverUrl, ws: true },
      '/chat': { target: serverUrl, ws: true },
    },
  },
});
