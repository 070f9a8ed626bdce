import { Link, useNavigate } from 'react-router';

import { isAdminWallet } from '../../config/runtime-config.ts';
import { useCreateMarket } from '../../features/admin/api/create-market.ts';
import {
  ConnectWalletAction,
  Gate,
  MarketFormPage,
  SignInAction,
} from '../../features/prophecy/components/gate.tsx';
import { MarketProposalForm } from '../../features/prophecy/components/market-proposal-form.tsx';
import { useSession } from '../../lib/session/session.tsx';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';

const LINK_BUTTON =
  'inline-flex h-10 items-center rounded-xl bg-accent px-4 text-sm font-semibold text-black shadow-[0_0_24px_-6px_var(--color-accent)] hover:brightness-110';

/**
 * Creating a market, for the two admin wallets: the full-page form, sent to `createMarket` (the server
 * signs `create_market` with the House authority). Everyone else is told why they cannot, and where to
 * request one instead.
 */
export function Component() {
  const { wallet } = useWallet();
  const auth = useSession();
  const isAdmin = isAdminWallet(wallet?.address ?? null);
  const signedIn = auth.status === 'signed-in' && auth.session?.address === wallet?.address;
  const create = useCreateMarket();
  const navigate = useNavigate();

  let body;
  if (wallet === null) {
    body = (
      <Gate title="Connect an operator wallet" action={<ConnectWalletAction />}>
        Markets are opened on chain by the Prophecy operators. Connect one of their wallets to create one.
      </Gate>
    );
  } else if (!isAdmin) {
    body = (
      <Gate
        title="Only operators can create markets"
        action={
          <Link to="/prophecy/request" className={LINK_BUTTON}>
            Request a market
          </Link>
        }
      >
        This wallet is not one of the Prophecy operators, who sign every new market on chain. Propose your
        market instead: the operators review requests and open the good ones.
      </Gate>
    );
  } else if (!signedIn) {
    body = (
      <Gate
        title="Sign in to create markets"
        action={
          <SignInAction
            pending={auth.status === 'signing-in'}
            onSignIn={() => {
              void auth.signIn();
            }}
          />
        }
      >
        The server checks that an operator is signed in before it signs a market on chain.
      </Gate>
    );
  } else {
    body = (
      <div className="card p-5 sm:p-6">
        <MarketProposalForm
          label="Create a market"
          submitLabel="Create market"
          pending={create.isPending}
          footnote="The market opens as soon as it is created."
          onSubmit={(proposal) =>
            create.mutateAsync(proposal).then(
              (market) => {
                void navigate(`/prophecy/${market.key}`);
                return true;
              },
              () => false,
            )
          }
        />
      </div>
    );
  }

  return (
    <MarketFormPage
      eyebrow="Prophecy · Operators"
      title="Create a market"
      pitch="Open a yes/no market on chain with its question, sides, rules, cutoff and end time."
      mode="create"
    >
      {body}
    </MarketFormPage>
  );
}
