import { Compass, Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { NotFoundPanel } from '../components/ui/not-found-panel.tsx';

export function NotFoundPage() {
  return (
    <NotFoundPanel
      title="Page not found"
      icon={Compass}
      heading="We couldn't find that page."
      actions={
        <Link to="/" className={buttonClass('primary', 'md')}>
          <Home aria-hidden className="size-4" />
          Go home
        </Link>
      }
    >
      The link may be broken, or the page may have moved to another cell block.
    </NotFoundPanel>
  );
}
