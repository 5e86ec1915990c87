import { Sparkles } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function EnchantsPage() {
  return (
    <PagePlaceholder
      documentTitle="Enchants"
      eyebrow="Enchant laboratory"
      title="Enchants"
      summary="The full catalogue of 47 enchants, with search, sorting and filters by rarity, gear and status, opens here soon."
      icon={Sparkles}
    />
  );
}
