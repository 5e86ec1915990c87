import { fillTemplate } from '@prison/shared/site-config';
import { clsx } from 'clsx';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { AVATAR_PLACEHOLDER, FallbackImage } from './fallback-image.tsx';

/** A player's head from the avatar service (config.avatarUrl), or the local placeholder. */
export function PlayerAvatar({ uuid, size, className }: { uuid: string; size: number; className?: string }) {
  const { avatarUrl } = useSiteConfig();
  // Twice the drawn size, for sharp heads on high-density screens.
  const src = avatarUrl ? fillTemplate(avatarUrl, { uuid, size: size * 2 }) : '';
  return (
    <FallbackImage
      src={src}
      fallbackSrc={AVATAR_PLACEHOLDER}
      alt=""
      width={size}
      height={size}
      className={clsx('shrink-0 bg-surface-sunken [image-rendering:pixelated]', className)}
    />
  );
}
