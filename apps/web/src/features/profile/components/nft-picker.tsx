import { FAILURE_TOASTS, SUCCESS_TOASTS, UI_TEXT } from '@arcade/sdk/messages';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '../../../components/ui/button.tsx';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { ui } from '../../../lib/store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useInventory } from '../../../lib/nft-inventory.ts';
import { useUpdatePfp } from '../api/update-pfp.ts';
import { cdnImage } from '../utils/image-url.ts';

/** Props of {@link NftPicker}. */
export interface NftPickerProps {
  readonly address: string;
  /** The mint in use now, marked in the grid. */
  readonly current: string | null;
  readonly onDone: () => void;
}

const SKELETONS = 8;

/**
 * Picks the profile picture among the wallet's NFTs: the first click on an NFT selects it, and
 * Confirm saves it.
 */
export function NftPicker({ address, current, onDone }: NftPickerProps) {
  const inventory = useInventory(address, true);
  const updatePfp = useUpdatePfp();
  const [selected, setSelected] = useState<string | null>(null);

  const save = async () => {
    if (selected === null) return;
    try {
      await updatePfp.mutateAsync(selected);
      toast.success(SUCCESS_TOASTS.updatedPfp);
      onDone();
    } catch (error) {
      toast.failure(FAILURE_TOASTS.updatePfp, error);
    }
  };

  return (
    <section
      aria-labelledby="nft-picker-title"
      className="animate-fade-in rounded-2xl border border-edge bg-base/60 p-3"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id="nft-picker-title" className="font-display text-sm font-semibold text-ink">
          Choose your profile picture
        </h3>
        <span className="text-xs text-ink-faint">Tap an NFT, then Confirm</span>
      </div>

      {inventory.isPending && (
        <ul className="grid grid-cols-3 gap-2 xs:grid-cols-4" aria-label="Loading your NFTs" aria-busy="true">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li
              key={i}
              className="aspect-square animate-pulse rounded-xl bg-panel-2"
              data-testid="nft-skeleton"
            />
          ))}
        </ul>
      )}

      {inventory.isError && (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-loss/40 bg-loss/10 p-4 text-center"
        >
          <p className="text-sm text-loss">{errorText(inventory.error)}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void inventory.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}

      {inventory.isSuccess && inventory.data.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-edge px-4 py-6 text-center">
          <p className="text-sm font-semibold text-ink">{UI_TEXT.noNftsFound}</p>
          <p className="max-w-xs text-xs text-ink-dim">
            NFTs come from ReTail: bet on a listed NFT, and a win sends it to your wallet. Then pick it here.
          </p>
          <Link
            to="/retail"
            onClick={() => {
              ui.closeModal();
            }}
            className="rounded-lg bg-accent px-3 py-1.5 text-xs font-semibold text-black"
          >
            Win an NFT on ReTail
          </Link>
        </div>
      )}

      {inventory.isSuccess && inventory.data.length > 0 && (
        <ul
          className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-1 xs:grid-cols-4"
          aria-label="Your NFTs"
        >
          {inventory.data.map((nft) => {
            const isSelected = nft.id === selected;
            const name = nft.content.metadata.name || nft.id;
            return (
              <li key={nft.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  aria-label={nft.id === current ? `${name} (current)` : name}
                  onClick={() => {
                    setSelected(nft.id);
                  }}
                  className={`group relative block aspect-square w-full overflow-hidden rounded-xl bg-panel-2 transition focus-visible:outline-2 focus-visible:outline-accent ${
                    isSelected
                      ? 'ring-2 ring-accent shadow-[0_0_18px_-4px_var(--color-accent)]'
                      : 'ring-1 ring-edge hover:ring-ink-faint'
                  }`}
                >
                  <ImageWithFallback
                    src={cdnImage(nft.content.links.image, 96)}
                    alt=""
                    className={`size-full object-cover transition ${isSelected ? 'scale-95 rounded-lg' : 'group-hover:scale-105'}`}
                  />
                  <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/85 to-transparent px-1.5 pt-4 pb-1 text-left text-[10px] font-medium text-ink">
                    {name}
                  </span>
                  {isSelected && (
                    <span
                      className="absolute top-1.5 right-1.5 grid size-5 place-items-center rounded-full bg-accent text-black animate-pop-in"
                      aria-hidden="true"
                    >
                      <svg viewBox="0 0 16 16" className="size-3">
                        <path
                          d="M3 8.5l3 3 7-7"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2.4"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </span>
                  )}
                  {nft.id === current && !isSelected && (
                    <span className="absolute top-1.5 left-1.5 rounded-md bg-black/70 px-1.5 py-0.5 text-[9px] font-semibold tracking-wide text-ink uppercase">
                      Current
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="sm"
          disabled={selected === null}
          pending={updatePfp.isPending}
          onClick={() => {
            void save();
          }}
        >
          Confirm
        </Button>
      </div>
    </section>
  );
}
