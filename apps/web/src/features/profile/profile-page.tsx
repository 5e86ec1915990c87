import { UserRound } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function ProfilePage() {
  return (
    <PagePlaceholder
      documentTitle="My profile"
      eyebrow="Your prisoner file"
      title="My profile"
      summary="Your rank, level, prestige, balance, gang, friends, activity, statistics and G-Kits will gather here."
      icon={UserRound}
    />
  );
}
