import { fillTemplate } from '@prison/shared/address-template';
import { clsx } from 'clsx';
import { FallbackImage, ITEM_PLACEHOLDER } from '../../components/ui/fallback-image.tsx';
import { useSiteConfig } from '../../lib/site-config.tsx';

/** An item's texture (spec 7: the asset path items/{icon}), or the local placeholder offline. */
export function ItemIcon({
  icon,
  size = 32,
  className,
}: {
  icon: string;
  size?: number;
  className?: string;
}) {
  const { itemIconUrl } = useSiteConfig();
  return (
    <FallbackImage
      src={itemIconUrl && icon ? fillTemplate(itemIconUrl, { icon }) : ''}
      fallbackSrc={ITEM_PLACEHOLDER}
      alt=""
      width={size}
      height={size}
      data-icon={icon}
      className={clsx('shrink-0 [image-rendering:pixelated]', className)}
    />
  );
}
