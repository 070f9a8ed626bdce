import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { queryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session/session.tsx';
import { WalletProvider } from '../lib/wallet/wallet-context.tsx';

/** Everything the routes need above them: queries, wallets and the session. */
export function AppProvider({ children }: { readonly children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider>
        <SessionProvider>{children}</SessionProvider>
      </WalletProvider>
    </QueryClientProvider>
  );
}
