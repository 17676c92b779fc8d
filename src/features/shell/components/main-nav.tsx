import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { Icon } from '../../../components/icons';
import { NAV_ITEMS } from '../nav-items';

const styles = {
  // Wide screens: a row of labelled links in the top bar.
  bar: {
    list: 'flex items-center gap-1',
    link: 'flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg',
    active: 'bg-surface-2 !text-fg',
    label: '',
  },
  // Phones: a tab bar fixed to the bottom, thumb-reachable.
  tabs: {
    list: 'grid grid-cols-7',
    link: 'flex min-h-14 flex-col items-center justify-center gap-0.5 text-[10px] font-medium text-muted',
    active: '!text-brand',
    label: 'max-w-full truncate',
  },
} as const;

/** The main navigation of spec §2, drawn as a top bar or as bottom tabs. */
export function MainNav({ variant, className }: { variant: keyof typeof styles; className?: string }) {
  const s = styles[variant];
  return (
    <nav aria-label="Main" className={className}>
      <ul className={s.list}>
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={s.link} activeProps={{ className: s.active, 'aria-current': 'page' }}>
              <Icon name={item.icon} className="size-5" />
              <span className={clsx(s.label)}>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
