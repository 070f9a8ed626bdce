import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { cdnImage } from '../utils/image-url.ts';
import { identicon } from '../utils/identicon.ts';

/** Props of {@link UserAvatar}. */
export interface UserAvatarProps {
  readonly address: string;
  /** The profile picture's original URL; the identicon is drawn without one. */
  readonly image: string | null;
  /** Rendered size, CSS pixels. */
  readonly size: number;
  readonly className?: string;
}

/** A wallet's profile picture through the image CDN, or its identicon when it has none. */
export function UserAvatar({ address, image, size, className = '' }: UserAvatarProps) {
  const box = `relative block shrink-0 overflow-hidden rounded-full ${className}`;
  if (image !== null && image !== '') {
    return (
      <ImageWithFallback
        src={cdnImage(image, size)}
        alt=""
        width={size}
        height={size}
        className={`${box} bg-panel-2 object-cover`}
        style={{ width: size, height: size }}
      />
    );
  }
  const icon = identicon(address);
  return (
    <span
      aria-hidden="true"
      data-testid="identicon"
      className={box}
      style={{ width: size, height: size, background: `linear-gradient(135deg, ${icon.from}, ${icon.to})` }}
    >
      <svg viewBox="0 0 7 7" className="absolute inset-0 size-full" shapeRendering="crispEdges">
        {icon.cells.flatMap((row, y) =>
          row.map((on, x) =>
            on ? (
              <rect key={`${x}-${y}`} x={x + 1} y={y + 1} width={1} height={1} fill="rgb(7 6 13 / 0.55)" />
            ) : null,
          ),
        )}
      </svg>
    </span>
  );
}
