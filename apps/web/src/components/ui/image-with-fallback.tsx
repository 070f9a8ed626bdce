import { useState, type ImgHTMLAttributes } from 'react';

/** The placeholder shown when an image fails to load. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** An image that falls back to {@link PLACEHOLDER_IMAGE} when loading fails. */
export function ImageWithFallback({ src, alt, onError, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  const failed = src === undefined || src === '' || failedSrc === src;
  return (
    <img
      src={failed ? PLACEHOLDER_IMAGE : src}
      alt={alt ?? ''}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        if (!failed) setFailedSrc(src);
        onError?.(event);
      }}
      {...rest}
    />
  );
}
