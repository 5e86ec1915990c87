import { Store } from 'lucide-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function AuctionCategoryPage() {
  const { key = '' } = useParams();
  // Until listings load, the key is the best name for the category (e.g. "enchanted_books" -> "Enchanted books").
  const name = key.replace(/[_-]+/g, ' ').replace(/^\w/, (first) => first.toUpperCase()) || 'Category';
  return (
    <PagePlaceholder
      documentTitle={`${name} · Auction house`}
      eyebrow="Auction house"
      title={name}
      summary="Every live listing in this category, with price sorting, quantity filters and instant purchases, lands here soon."
      icon={Store}
    />
  );
}
