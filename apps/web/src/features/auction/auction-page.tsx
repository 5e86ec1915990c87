import { Gavel } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function AuctionPage() {
  return (
    <PagePlaceholder
      documentTitle="Auction house"
      eyebrow="Marketplace"
      title="Auction house"
      summary="Browse live market categories, compare prices and buy items that arrive in-game instantly, coming soon."
      icon={Gavel}
    />
  );
}
