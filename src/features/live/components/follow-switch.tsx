import { useId } from 'react';
import { Switch } from '../../../components/ui/switch';

/** "Follow" over a live map: on, the newest position stays in view (`useFollowView`). */
export function FollowSwitch({ on, onToggle }: { on: boolean; onToggle(): void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-end gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        Follow
      </span>
      <Switch on={on} onToggle={onToggle} aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="sr-only">
        Keeps the newest position in the middle of the map.
      </span>
    </div>
  );
}
