import { clsx } from 'clsx';

/** An account's role as the server names it (OWNER, ADMIN, VIP…), in the console's plain badge. */
export function RoleBadge({ role, className }: { role: string; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-md bg-fg/[0.07] px-2 py-0.5 font-mono text-xs font-semibold text-fg',
        className,
      )}
    >
      {role}
    </span>
  );
}
