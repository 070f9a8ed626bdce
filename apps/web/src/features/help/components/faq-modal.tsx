import { FAQ_HINTS } from '@arcade/sdk/messages';
import { Modal } from '../../../components/ui/modal.tsx';
import { runtimeConfig } from '../../../config/runtime-config.ts';
import { ui, useUiState } from '../../../lib/store.ts';
import { AccordionItem } from './accordion.tsx';
import {
  FairnessLink,
  ForesightRules,
  HELP_NUMBERS,
  ProphecyRules,
  RetailRules,
  TailSpinRules,
} from './game-rules.tsx';

function SectionTitle({ children }: { readonly children: string }) {
  return (
    <h3 className="mt-2 mb-2 font-display text-xs font-bold tracking-[0.2em] text-accent uppercase">
      {children}
    </h3>
  );
}

/** A link to the community chat, opening in a new tab. */
export function CommunityChatLink({ children = 'community chat' }: { readonly children?: string }) {
  return (
    <a
      href={runtimeConfig().communityChatUrl}
      target="_blank"
      rel="noreferrer noopener"
      className="font-semibold text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
    >
      {children}
    </a>
  );
}

const closeFaq = (): void => {
  ui.closeModal();
};

/**
 * The Help modal (modal id `faq`): how each game works, fees, referrals, Juice, fairness and the
 * troubleshooting hints (docs/reference/strings.md#help-and-rules). Every number comes from the SDK.
 */
export function FaqModal() {
  const open = useUiState((s) => s.modal === 'faq');
  return (
    <Modal open={open} title="Help & FAQ" size="lg" onClose={closeFaq}>
      <div className="flex flex-col gap-2">
        <SectionTitle>The games</SectionTitle>
        <AccordionItem title="How does TailSpin work?">
          <TailSpinRules />
        </AccordionItem>
        <AccordionItem title="How does ReTail work?">
          <RetailRules />
        </AccordionItem>
        <AccordionItem title="How does Foresight work?">
          <ForesightRules />
        </AccordionItem>
        <AccordionItem title="How does Prophecy work?">
          <ProphecyRules />
        </AccordionItem>

        <SectionTitle>Fees and rewards</SectionTitle>
        <AccordionItem title="What are the fees?">
          <ul className="ml-5 list-disc space-y-1.5">
            <li>
              TailSpin and ReTail: {HELP_NUMBERS.tailspinFee} of your stake, paid on top of it. ReTail prizes
              also include the {HELP_NUMBERS.marketplaceFee} marketplace fee.
            </li>
            <li>
              Foresight: {HELP_NUMBERS.poolFee} of the whole pot, taken when the round settles. Invalid rounds
              take no fee.
            </li>
            <li>
              Prophecy: {HELP_NUMBERS.prophecyFee} of the whole pot, taken when the market resolves. Invalid
              markets take no fee.
            </li>
            <li>The smallest bet in every game is {HELP_NUMBERS.minBet}.</li>
          </ul>
        </AccordionItem>
        <AccordionItem title="How do referrals work?">
          Create your referral link in your profile. Whenever someone you referred plays TailSpin or ReTail,
          you earn {HELP_NUMBERS.referralShare} of the fee on their bets — the fee, not the bet — credited to
          your referral vault as each bet settles. A Prophecy market that names your wallet as its referrer
          (when it is requested or created) credits you {HELP_NUMBERS.referralShare} of its fee when it
          resolves. Claim what your vault holds from your profile whenever you like. Foresight has no referral
          share.
        </AccordionItem>
        <AccordionItem title="What is Juice?">
          Juice is the arcade&apos;s rewards token. Every confirmed bet, prediction and Foresight bet earns{' '}
          {HELP_NUMBERS.juicePerSol} Juice per SOL wagered. Sign in and claim it from the Juice menu once
          every {HELP_NUMBERS.claimHours} hours.
        </AccordionItem>
        <AccordionItem title="Is it provably fair?">
          Before any bet, the house commits on chain to a hash chain of secret seeds, and the program computes
          each TailSpin or ReTail roll itself, as an HMAC of the next seed with your bet&apos;s place in the
          chain, a seed you choose and the hash of the slot your bet lands in, so nobody knows a roll before
          the bet is in. Every revealed seed is checked on chain, anyone can recompute every result right in
          the browser on the <FairnessLink />, and a roll not revealed within {HELP_NUMBERS.refundMinutes}{' '}
          minutes lets you take your stake and fee back while keeping your result: a win is still paid when
          the roll is revealed.
        </AccordionItem>

        <SectionTitle>Troubleshooting</SectionTitle>
        {FAQ_HINTS.map((hint) => (
          <AccordionItem key={hint.title} title={hint.title}>
            {hint.hint}
          </AccordionItem>
        ))}
        <p className="mt-3 rounded-xl border border-edge bg-panel-2/60 px-4 py-3 text-sm text-ink-dim">
          Still stuck? Ask the team on the <CommunityChatLink />.
        </p>
      </div>
    </Modal>
  );
}
