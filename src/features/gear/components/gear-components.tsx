import { useId, useState } from 'react';
import type { GearComponent } from '#contract/gear';
import { Icon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../auth/use-can';
import { componentWords } from '../component-words';
import { ComponentFormDialog } from './component-form-dialog';
import { ComponentRow } from './component-row';

/**
 * A piece's "Components" section: the parts fitted to it now, each with its wear and service log. The owner adds
 * them here (and acts on each in its row); anyone else who may see the piece reads them.
 */
export function GearComponents({ gearId, components, own }: { gearId: number; components: GearComponent[]; own: boolean }) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const mayAdd = useCan('add_gear');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          Components
        </h2>
        {own && mayAdd && (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Icon name="plus" className="size-4" strokeWidth="2" />
            Add component
          </Button>
        )}
      </div>
      {components.length === 0 ? (
        <p className="text-sm text-muted">{own ? componentWords.empty : componentWords.emptyOther}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {components.map((component) => (
            <ComponentRow key={component.id} component={component} own={own} />
          ))}
        </ul>
      )}
      {adding && <ComponentFormDialog gearId={gearId} component={null} onClose={() => setAdding(false)} />}
    </section>
  );
}
