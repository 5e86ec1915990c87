import { fillTemplate } from '@prison/shared/address-template';
import { clsx } from 'clsx';
import { FallbackImage } from '../../components/ui/fallback-image.tsx';
import { useSiteConfig } from '../../lib/site-config.tsx';

/**
 * A local stand-in drawn in the game's pixel style: an enchanted book in the system's accent colour. Built
 * inline so the catalogue looks whole with no network at all.
 */
function enchantPlaceholder(accent: string): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" shape-rendering="crispEdges">' +
    `<rect x="3" y="2" width="10" height="12" fill="${accent}"/>` +
    '<rect x="3" y="2" width="2" height="12" fill="#000" opacity=".35"/>' +
    '<rect x="5" y="13" width="8" height="1" fill="#efe6cf"/>' +
    '<rect x="12" y="3" width="1" height="10" fill="#efe6cf"/>' +
    '<rect x="7" y="5" width="3" height="1" fill="#fff" opacity=".85"/>' +
    '<rect x="6" y="6" width="5" height="2" fill="#fff" opacity=".85"/>' +
    '<rect x="7" y="8" width="3" height="1" fill="#fff" opacity=".85"/>' +
    '<rect x="8" y="9" width="1" height="1" fill="#fff" opacity=".85"/>' +
    '<rect x="13" y="1" width="1" height="1" fill="#fff"/>' +
    '<rect x="2" y="11" width="1" height="1" fill="#fff" opacity=".7"/>' +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Spec 2.4: the enchant's item texture from the public assets host (the config's itemIconUrl template,
 * game version 1.21.4), with the local placeholder when it cannot load. Decorative: the enchant's name is
 * always written next to it.
 */
export function EnchantIcon({
  icon,
  accent,
  className,
}: {
  icon: string;
  accent: string;
  className?: string;
}) {
  const { itemIconUrl } = useSiteConfig();
  return (
    <FallbackImage
      src={itemIconUrl ? fillTemplate(itemIconUrl, { icon }) : ''}
      fallbackSrc={enchantPlaceholder(accent)}
      alt=""
      width={32}
      height={32}
      data-icon={icon}
      className={clsx('[image-rendering:pixelated]', className)}
    />
  );
}
