import { HomePage } from '../features/home/home-page.tsx';
import { LoreSection } from '../features/lore/lore-section.tsx';

// Features do not import each other, so the app puts the lore section into the home page.
export function HomeRoute() {
  return <HomePage lore={<LoreSection />} />;
}
