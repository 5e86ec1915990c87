import { BookOpen } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function DocsPage() {
  return (
    <PagePlaceholder
      documentTitle="Docs"
      eyebrow="Knowledge base"
      title="Docs"
      summary="Guides for joining, ranking up and running a gang, plus community-written docs, are being written for this page."
      icon={BookOpen}
    />
  );
}
