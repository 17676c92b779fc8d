import { useId } from 'react';
import type { PermissionId } from '#contract/associates';
import { Switch } from '../../../components/ui/switch';
import { CATEGORIES, type PermissionInfo } from '../permission-categories';

type Props = {
  /** Whether the permission is granted, as the screen shows it now. */
  isOn(id: PermissionId): boolean;
  onToggle(id: PermissionId): void;
  /** A short note under a permission's hint, e.g. "Off by default under 16". */
  note?(permission: PermissionInfo): string | undefined;
  /** The categories' heading level: 2 on a page of its own, 3 inside a form's step. */
  headingLevel: 2 | 3;
};

/**
 * Every permission, grouped by category, each a labelled switch with its hint (contract/associates.ts words them), so
 * an owner reads what they grant before granting it. Used by the form's second step and the permissions page.
 */
export function PermissionSwitches({ isOn, onToggle, note, headingLevel }: Props) {
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-4">
      {CATEGORIES.map((category) => {
        const headingId = `${baseId}-${category.id}`;
        return (
          <section key={category.id} aria-labelledby={headingId} className="overflow-hidden rounded-2xl border border-line bg-surface">
            <Heading id={headingId} className="border-b border-line bg-surface-2 px-4 py-2 font-semibold">
              {category.label}
            </Heading>
            <ul className="divide-y divide-line">
              {category.permissions.map((permission) => {
                const labelId = `${baseId}-${permission.id}-label`;
                const hintId = `${baseId}-${permission.id}-hint`;
                const extra = note?.(permission);
                return (
                  <li key={permission.id} className="flex items-start justify-between gap-4 px-4 py-3">
                    <div className="min-w-0">
                      <p id={labelId} className="font-medium">
                        {permission.label}
                      </p>
                      <p id={hintId} className="text-sm text-muted">
                        {permission.hint}
                        {extra && <span className="mt-1 block text-xs font-medium text-fg">{extra}</span>}
                      </p>
                    </div>
                    <Switch
                      on={isOn(permission.id)}
                      onToggle={() => onToggle(permission.id)}
                      aria-labelledby={labelId}
                      aria-describedby={hintId}
                      className="mt-0.5"
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
