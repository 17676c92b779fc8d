import clsx from 'clsx';
import { COMPONENT_KIND_NAMES, type GearComponent } from '#contract/gear';
import { wearPercent, wearTone, type WearTone } from '../component-format';

const FILL: Record<WearTone, string> = {
  ok: 'bg-success',
  soon: 'bg-amber-500 dark:bg-amber-400',
  due: 'bg-danger',
};

/**
 * How much of its service interval a component has used: a meter named for its kind ("Chain wear"), filling green,
 * amber from 80 % and red once due. The value may pass 100 (an overdue chain), so the maximum grows with it and the
 * meter stays valid; the bar itself stops at full. The words beside it say the same for anyone not reading colours.
 */
export function WearBar({ component }: { component: GearComponent }) {
  const percent = wearPercent(component);
  if (percent === null) return null;
  const tone = wearTone(component);
  return (
    <div className="flex items-center gap-3">
      <div
        role="meter"
        aria-label={`${COMPONENT_KIND_NAMES[component.kind]} wear`}
        aria-valuemin={0}
        aria-valuemax={Math.max(100, percent)}
        aria-valuenow={percent}
        aria-valuetext={`${percent} % of its service interval used${component.isDue ? ', service due' : ''}`}
        className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-surface-3"
      >
        <div className={clsx('h-full rounded-full', FILL[tone])} style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <span aria-hidden="true" className={clsx('min-w-12 shrink-0 text-right text-sm font-semibold whitespace-nowrap tabular-nums', tone === 'due' && 'text-danger')}>
        {percent} %
      </span>
    </div>
  );
}
