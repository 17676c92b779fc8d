import clsx from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { COMPONENT_KIND_NAMES, type GearComponent } from '#contract/gear';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { dateTimeFormat } from '../../../lib/intl-format';
import { formatDistance, useUnits } from '../../../lib/units';
import { formatHours, formatIntervals, wearTone } from '../component-format';
import { useCan } from '../../auth/use-can';
import { useRemoveComponent } from '../component-mutations';
import { componentWords } from '../component-words';
import { ComponentFormDialog } from './component-form-dialog';
import { ComponentServiceLog } from './component-service-log';
import { MoveComponentDialog } from './move-component-dialog';
import { ServiceDialog } from './service-dialog';
import { WearBar } from './wear-bar';

type Open = 'service' | 'edit' | 'move' | 'remove' | null;

/**
 * One component: what it is, when it was fitted, its interval, its wear (a meter, "Service due" when past it), what it
 * has done since its last service and in all, and its service log. The owner logs a service, edits, moves it to
 * another piece or removes it; anyone else reads.
 */
export function ComponentRow({ component, own }: { component: GearComponent; own: boolean }) {
  const units = useUnits();
  const headingId = useId();
  const [open, setOpen] = useState<Open>(null);
  const remove = useRemoveComponent(component.gearId);
  // Removing stays an associate's own to do; logging a service, editing and moving need the right to add gear (issue 25).
  const mayChange = useCan('add_gear');
  const close = () => setOpen(null);
  const day = dateTimeFormat(undefined, { dateStyle: 'medium' });
  const interval = formatIntervals(component, units);
  const tone = wearTone(component);
  // Each button names the component it acts on to a screen reader (sighted members see it in the card), its visible
  // word first so voice control finds it.
  const named = (verb: string) => ({ 'aria-label': `${verb} ${component.name}` });

  return (
    <li aria-labelledby={headingId} className={clsx('flex flex-col gap-3 rounded-xl border p-3', component.isDue ? 'border-danger' : 'border-line')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">{COMPONENT_KIND_NAMES[component.kind]}</span>
          <h3 id={headingId} className="font-semibold break-words">
            {component.name}
          </h3>
          <p className="text-xs text-muted">
            Fitted <time dateTime={component.installedAt}>{day.format(new Date(component.installedAt))}</time>
            {interval && ` · service ${interval}`}
          </p>
        </div>
        {component.isDue ? (
          <span className="rounded-full bg-danger px-2.5 py-0.5 text-xs font-semibold text-on-danger">Service due</span>
        ) : (
          tone === 'soon' && <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold">Service soon</span>
        )}
      </div>

      {component.wear === null ? <p className="text-sm text-muted">{componentWords.noInterval}</p> : <WearBar component={component} />}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Figure term="Since service" value={`${formatDistance(component.sinceService.distance, units)} · ${formatHours(component.sinceService.movingTime)}`} />
        <Figure term="In total" value={`${formatDistance(component.total.distance, units)} · ${formatHours(component.total.movingTime)}`} />
        <Figure
          term="Last service"
          value={component.lastServicedAt === null ? 'Never' : <time dateTime={component.lastServicedAt}>{day.format(new Date(component.lastServicedAt))}</time>}
        />
      </dl>

      <ComponentServiceLog services={component.services} />

      {own && (
        <div className="flex flex-wrap gap-2">
          {mayChange && (
            <>
              <Button size="sm" {...named('Log service')} onClick={() => setOpen('service')}>
                Log service
              </Button>
              <Button variant="secondary" size="sm" {...named('Edit')} onClick={() => setOpen('edit')}>
                Edit
              </Button>
              <Button variant="secondary" size="sm" {...named('Move')} onClick={() => setOpen('move')}>
                Move
              </Button>
            </>
          )}
          <Button variant="ghost" size="sm" {...named('Remove')} onClick={() => setOpen('remove')}>
            Remove
          </Button>
        </div>
      )}

      {open === 'service' && <ServiceDialog component={component} onClose={close} />}
      {open === 'edit' && <ComponentFormDialog gearId={component.gearId} component={component} onClose={close} />}
      {open === 'move' && <MoveComponentDialog component={component} onClose={close} />}
      {open === 'remove' && (
        <ConfirmDialog
          title="Remove this component?"
          description={<p>“{component.name}” and its service log will be removed. Your activities and this piece’s totals stay.</p>}
          confirmLabel="Remove component"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(component.id, { onSettled: close })}
          onClose={close}
        />
      )}
    </li>
  );
}

function Figure({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
