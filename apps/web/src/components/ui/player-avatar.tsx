import { fillTemplate } from '@prison/shared/address-template';
import { clsx } from 'clsx';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { AVATAR_PLACEHOLDER, FallbackImage } from './fallback-image.tsx';

/**
 * A player's head from the avatar service (config.avatarUrl), or the local placeholder. `priority`
 * for the one a page is about (a player's hero, often the page's largest image): loaded at once and
 * first, where other heads wait until they are near the screen.
 */
export function PlayerAvatar({
  uuid,
  size,
  className,
  priority = false,
}: {
  uuid: string;
  size: number;
  className?: string;
  priority?: boolean;
}) {
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
      {...(priority && { loading: 'eager', fetchPriority: 'high' })}
      className={clsx('shrink-0 bg-surface-sunken [image-rendering:pixelated]', className)}
    />
  );
}
