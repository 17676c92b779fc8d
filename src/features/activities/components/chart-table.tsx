import { useId, useMemo, useState } from 'react';
import { tableRows, type ChartAxis, type ChartSpec } from '../chart-series';

/**
 * A chart's data as a table, behind a "Show … as a table" disclosure: the alternative for anyone who cannot see or
 * point at a canvas (no ARIA on a canvas makes a line of 2,000 points readable). One row per kilometre or mile (a
 * tenth under two, wider steps on a long day, never past 100 rows) with the mean over it, in the member's units. The
 * rows are built only once asked for.
 */
export function ChartTable({ axis, spec }: { axis: ChartAxis; spec: ChartSpec }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? tableId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="min-h-11 rounded-lg text-sm font-medium text-brand underline-offset-2 hover:underline"
      >
        {open ? `Hide the ${spec.title.toLowerCase()} table` : `Show ${spec.title.toLowerCase()} as a table`}
      </button>
      {open && <DataTable id={tableId} axis={axis} spec={spec} />}
    </div>
  );
}

function DataTable({ id, axis, spec }: { id: string; axis: ChartAxis; spec: ChartSpec }) {
  const captionId = useId();
  const { step, rows } = useMemo(() => tableRows(axis, spec), [axis, spec]);
  return (
    // Scrolls on its own past a screenful: reachable by keyboard to scroll it, named by its caption.
    <div id={id} role="group" aria-labelledby={captionId} tabIndex={0} className="max-h-80 w-full overflow-auto rounded-lg border border-line">
      <table className="w-full text-sm tabular-nums">
        <caption id={captionId} className="px-3 py-2 text-left text-muted">
          {spec.title} ({spec.unit}), the average over each {axis.stretch(step)}
        </caption>
        <thead className="sticky top-0 bg-surface-2">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {axis.label}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {spec.title}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.upTo} className="border-t border-line">
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {axis.format(row.upTo)}
              </th>
              <td className="px-3 py-1.5 text-right">
                {row.value === null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">no data</span>
                  </>
                ) : (
                  spec.format(row.value)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
