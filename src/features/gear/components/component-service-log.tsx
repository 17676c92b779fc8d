import type { ComponentService } from '#contract/gear';
import { dateTimeFormat } from '../../../lib/intl-format';

/** A component's services, newest first, folded away under "Service log (n)": the day, what was done, the note. */
export function ComponentServiceLog({ services }: { services: ComponentService[] }) {
  if (services.length === 0) return null;
  const day = dateTimeFormat(undefined, { dateStyle: 'medium' });
  return (
    <details className="group text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center gap-1 rounded-lg font-semibold text-brand-strong hover:underline">
        Service log ({services.length})
      </summary>
      <ol className="flex flex-col divide-y divide-line border-l-2 border-line pl-3">
        {services.map((service) => (
          <li key={service.id} className="flex flex-col py-2">
            <span className="font-medium break-words">{service.what}</span>
            <time dateTime={service.servicedAt} className="text-xs text-muted">
              {day.format(new Date(service.servicedAt))}
            </time>
            {service.note && <p className="mt-1 break-words whitespace-pre-wrap">{service.note}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}
