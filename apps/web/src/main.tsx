import './styles.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';

const root = createRoot(document.getElementById('root')!);

async function start(): Promise<void> {
  try {
    await loadRuntimeConfig();
  } catch (error) {
    root.render(
      <main className="grid min-h-dvh place-items-center p-6 text-center">
        <div>
          <h1 className="font-display text-2xl">The server cannot be reached</h1>
          <p className="mt-2 text-ink-dim">{(error as Error).message}</p>
          <button
            className="mt-6 rounded-xl bg-accent px-5 py-2 font-semibold text-black"
            onClick={() => {
              location.reload();
            }}
          >
            Refresh
          </button>
        </div>
      </main>,
    );
    return;
  }
  // As a transition the first render is time-sliced: React yields to the browser every few milliseconds
  // instead of building the whole page in one long task that a phone's input would wait behind.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
}

void start();
