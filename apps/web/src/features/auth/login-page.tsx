import { LogIn } from 'lucide-react';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export function LoginPage() {
  return (
    <PagePlaceholder
      documentTitle="Login"
      eyebrow="Account"
      title="Sign in"
      summary="Sign in with your in-game username and the password you set on the server, very soon."
      icon={LogIn}
    />
  );
}
