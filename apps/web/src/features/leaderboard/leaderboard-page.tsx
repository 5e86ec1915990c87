import { Trophy } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function LeaderboardPage() {
  return (
    <PagePlaceholder
      documentTitle="Leaderboard"
      eyebrow="Hall of fame"
      title="Leaderboard"
      summary="Live rankings by level, XP, prestige and balance, with a podium for the top three, arrive here shortly."
      icon={Trophy}
    />
  );
}
