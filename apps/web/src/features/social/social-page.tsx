import { Users } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function SocialPage() {
  return (
    <PagePlaceholder
      documentTitle="Social hub"
      eyebrow="Gangs and friends"
      title="Social hub"
      summary="See your gang, your friends and who is online right now, and browse every gang on the server."
      icon={Users}
    />
  );
}
