import clsx from 'clsx';
import type { Event } from '#contract/events';
import { Icon } from '../../../components/icons';
import { bannerRatio, sportOf } from '../event-format';

/**
 * An event's banner in its own shape (the space is kept from `dimens`, so nothing jumps as it loads), or, without
 * one, a band in the sport's colour with the event's icon. Decorative: the name is always next to it.
 */
export function EventBanner({ event, size = 'card' }: { event: Pick<Event, 'bannerImage' | 'sportId' | 'icon'>; size?: 'card' | 'page' }) {
  if (event.bannerImage) {
    return (
      <div className="overflow-hidden bg-surface-2" style={{ aspectRatio: bannerRatio(event.bannerImage.dimens) }}>
        <img src={event.bannerImage.url} alt="" loading={size === 'card' ? 'lazy' : undefined} decoding="async" className="size-full object-cover" />
      </div>
    );
  }
  // The form's preview may not have a sport yet: a neutral band, as for a sport this app does not know.
  const colour = event.sportId ? sportOf(event.sportId).colour : 'bg-slate-600';
  return (
    <div aria-hidden="true" className={clsx('flex items-center justify-center text-white', colour, size === 'page' ? 'h-28 sm:h-36' : 'h-28')}>
      <Icon name={event.icon} className={size === 'page' ? 'size-16 opacity-90' : 'size-14 opacity-90'} strokeWidth="1.5" />
    </div>
  );
}
