import { type ComponentPropsWithoutRef, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

export const AVATAR_PLACEHOLDER = '/avatar-placeholder.svg';
export const ITEM_PLACEHOLDER = '/item-placeholder.svg';

type FallbackImageProps = ComponentPropsWithoutRef<'img'> & {
  src: string;
  /** A local image shown when src is empty or fails to load, so the page looks whole offline. */
  fallbackSrc?: string;
};

export function FallbackImage({
  src,
  fallbackSrc = ITEM_PLACEHOLDER,
  onError,
  alt,
  ...props
}: FallbackImageProps) {
  // Remembering which src failed (not just "failed") lets a new src try again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? fallbackSrc : src;
  const image = useRef<HTMLImageElement>(null);
  const fromServer = useRef(!useHydrated());
  // An image in the server's HTML may have failed before the app hydrated and heard of it.
  useEffect(() => {
    const element = image.current;
    if (fromServer.current && src && element?.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  return (
    <img
      ref={image}
      loading="lazy"
      decoding="async"
      {...props}
      alt={alt}
      src={shown}
      onError={(event) => {
        if (shown !== fallbackSrc) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
