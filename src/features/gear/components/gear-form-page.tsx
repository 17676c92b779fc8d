import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Gear } from '#contract/gear';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { LoadError } from '../../../components/load-error';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { UnavailableNotice } from '../../../components/unavailable-notice';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { NotPermittedNotice } from '../../auth/components/not-permitted-notice';
import { useSession } from '../../auth/session-context';
import { useCan } from '../../auth/use-can';
import { gearDetailQuery } from '../api';
import { gearWords } from '../gear-words';
import { GearForm } from './gear-form';

/**
 * `/profile/gears/add` and `/profile/gears/edit?id=`: the gear form on a page of its own. With `gearId` it edits that
 * piece (only its owner may); without, it adds a new one.
 */
export function GearFormPage({ gearId }: { gearId: number | undefined }) {
  const mayAdd = useCan('add_gear');
  if (!mayAdd) return <NotPermittedNotice permission="add_gear" />;
  if (gearId === undefined) return <GearFormFrame gear={null} />;
  return <EditExisting gearId={gearId} />;
}

function EditExisting({ gearId }: { gearId: number }) {
  const { user } = useSession();
  const query = useQuery(gearDetailQuery(gearId));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // Missing and not the viewer's to see both answer 404: one not-found state for both.
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403)) return <GearNotEditable />;
    return <LoadError what="This gear" error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Someone else's piece is not editable here, and saying more would tell what exists.
  if (query.data.gear.owner.userId !== user?.userId) return <GearNotEditable />;
  return <GearFormFrame gear={query.data.gear} />;
}

function GearFormFrame({ gear }: { gear: Gear | null }) {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const { question } = useUnsavedChangesGuard({ dirty, words: gear ? gearWords.discardChanges : gearWords.discardNew });
  const title = gear ? (gear.isDraft ? 'Edit draft gear' : 'Edit gear') : 'Add gear';
  useDocumentTitle(title);
  // After a save nothing is lost, so that departure is not asked about; Cancel is, when something would be.
  const leave = (piece: Gear | null, saved: boolean) =>
    piece && !piece.isDraft
      ? navigate({ to: '/gears/$gearId', params: { gearId: String(piece.id) }, ignoreBlocker: saved })
      : navigate({ to: '/profile/gears', ignoreBlocker: saved });
  return (
    <section aria-labelledby="gear-form-title" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 id="gear-form-title" className="px-2 text-2xl font-bold sm:px-0">
        {title}
      </h1>
      <div className="border-line bg-surface p-4 sm:rounded-2xl sm:border sm:p-6">
        <GearForm key={gear?.id ?? 'new'} gear={gear} onSaved={(saved) => void leave(saved, true)} onCancel={() => void leave(gear, false)} onDirtyChange={setDirty} />
      </div>
      <DiscardChangesDialog question={question} />
    </section>
  );
}

/** The edit form for a piece that is gone or not the member's own. */
function GearNotEditable() {
  return (
    <UnavailableNotice
      title="Gear not found"
      action={
        <Link to="/profile/gears" className={buttonClass('primary')}>
          Go to your gear
        </Link>
      }
    >
      This gear does not exist any more, or it is not yours to edit.
    </UnavailableNotice>
  );
}
