/**
 * The shell's dialogs, downloaded the first time they open: the operator console, the profile, the help
 * and the wallet list are a third of the app's code and most visits open none of them. Once opened a
 * dialog stays mounted, so it keeps its state between openings exactly as when it was always mounted.
 *
 * @module
 */

import { UI_TEXT } from '@arcade/sdk/messages';
import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

import { Spinner } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ui, useUiState, type ModalId } from '../../lib/store.ts';
import { prepareWallets } from '../../lib/wallet/wallet-context.tsx';
import { LazyBoundary, LoadFailed } from './lazy-boundary.tsx';

const DIALOGS: Readonly<Record<ModalId, LazyExoticComponent<ComponentType>>> = {
  // The wallet list waits for the lazily registered wallets too, so it never flashes "no wallet".
  connect: lazy(async () => {
    const [dialog] = await Promise.all([
      import('../../features/wallet/components/connect-dialog.tsx'),
      prepareWallets(),
    ]);
    return { default: dialog.ConnectDialog };
  }),
  profile: lazy(() =>
    import('../../features/profile/components/profile-modal.tsx').then((m) => ({ default: m.ProfileModal })),
  ),
  faq: lazy(() =>
    import('../../features/help/components/faq-modal.tsx').then((m) => ({ default: m.FaqModal })),
  ),
  admin: lazy(() =>
    import('../../features/admin/components/admin-console.tsx').then((m) => ({ default: m.AdminConsole })),
  ),
};

const IDS = Object.keys(DIALOGS) as ModalId[];

const close = (): void => {
  ui.closeModal();
};

/** A backdrop and spinner while a dialog's code downloads (normally a blink). */
function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/70 backdrop-blur-sm animate-fade-in">
      <span role="status" className="text-accent">
        <Spinner className="size-8" />
        <span className="sr-only">Loading</span>
      </span>
    </div>
  );
}

/** The shell's dialogs (`ui.openModal(id)`), each loaded on its first opening. */
export function LazyModals() {
  const modal = useUiState((s) => s.modal);
  const [opened, setOpened] = useState<ReadonlySet<ModalId>>(() => new Set());
  // Adjusting state while rendering (not in an effect) mounts the dialog in the same render it opens.
  if (modal !== null && !opened.has(modal)) setOpened(new Set([...opened, modal]));

  return IDS.filter((id) => opened.has(id)).map((id) => {
    const Dialog = DIALOGS[id];
    return (
      <LazyBoundary
        key={id}
        fallback={modal === id ? <DialogLoading /> : null}
        failed={(error) => (
          <Modal open={modal === id} title={UI_TEXT.errorPage} size="sm" onClose={close}>
            <LoadFailed error={error} heading={false} />
          </Modal>
        )}
      >
        <Dialog />
      </LazyBoundary>
    );
  });
}
