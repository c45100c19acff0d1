import { Button } from '../../../components/ui/button';

export function SignOutButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" onClick={onClick}>
      Sign out
    </Button>
  );
}
