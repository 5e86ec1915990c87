// A player's head with their presence dot in its corner (rosters, friends).
import { clsx } from 'clsx';
import { OnlineDot } from './online-dot.tsx';
import { PlayerAvatar } from './player-avatar.tsx';

export function PresenceAvatar({
  uuid,
  online,
  size,
  className,
  wrapperClassName,
}: {
  uuid: string;
  online: boolean;
  size: number;
  className?: string;
  wrapperClassName?: string;
}) {
  return (
    <span className={clsx('relative', wrapperClassName)}>
      <PlayerAvatar uuid={uuid} size={size} className={className} />
      <span className="absolute -right-0.5 -bottom-0.5 flex">
        <OnlineDot online={online} />
      </span>
    </span>
  );
}
