import { useMyRequests, useRequestMarket } from '../../features/prophecy/api/request-market.ts';
import {
  ConnectWalletAction,
  Gate,
  MarketFormPage,
  SignInAction,
} from '../../features/prophecy/components/gate.tsx';
import { MarketProposalForm } from '../../features/prophecy/components/market-proposal-form.tsx';
import { MyRequests } from '../../features/prophecy/components/my-requests.tsx';
import { useSession } from '../../lib/session/session.tsx';
import { useWallet } from '../../lib/wallet/wallet-context.tsx';

/**
 * Requesting a market: a signed-in player proposes one (the same fields as the operators' form) and
 * follows the review of their requests.
 */
export function Component() {
  const { wallet } = useWallet();
  const auth = useSession();
  const session =
    auth.status === 'signed-in' && auth.session !== null && auth.session.address === wallet?.address
      ? auth.session
      : null;
  const request = useRequestMarket(session);
  const mine = useMyRequests(session);

  let body;
  if (wallet === null) {
    body = (
      <Gate title="Connect your wallet" action={<ConnectWalletAction />}>
        Requests are signed in with your wallet, so you can follow their review here.
      </Gate>
    );
  } else if (session === null) {
    body = (
      <Gate
        title="Sign in to request a market"
        action={
          <SignInAction
            pending={auth.status === 'signing-in'}
            onSignIn={() => {
              void auth.signIn();
            }}
          />
        }
      >
        Sign a message with your wallet (no transaction, no fee) to send requests and see their status.
      </Gate>
    );
  } else {
    body = (
      <div className="flex flex-col gap-8">
        <div className="card p-5 sm:p-6">
          <MarketProposalForm
            label="Request a market"
            submitLabel="Send request"
            pending={request.isPending}
            footnote="The operators review it; you will see the decision below."
            onSubmit={(proposal) =>
              request.mutateAsync(proposal).then(
                () => true,
                () => false,
              )
            }
          />
        </div>
        <MyRequests
          requests={mine.data}
          isPending={mine.isPending}
          error={mine.error}
          onRetry={() => void mine.refetch()}
        />
      </div>
    );
  }

  return (
    <MarketFormPage
      eyebrow="Prophecy"
      title="Request a market"
      pitch="Propose an event with a clear yes/no outcome. The operators review every request and open the good ones on chain."
      mode="request"
    >
      {body}
    </MarketFormPage>
  );
}
