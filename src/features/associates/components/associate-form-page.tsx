import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Associate } from '#contract/associates';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { LoadError } from '../../../components/load-error';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { UnavailableNotice } from '../../../components/unavailable-notice';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { associateListQuery, associateProfileQuery } from '../api';
import { associateWords } from '../associate-words';
import { AssociateForm } from './associate-form';
import { AssociateNotFound } from './associate-not-found';
import { BackToAssociates } from './back-to-associates';

/**
 * `/profile/associate/add` and `/profile/associate/edit/$associateId`: the associate form on a page of its own. With
 * `associateId` it edits that associate (loaded from `GET /api/associate/profile`); without, it adds a new one.
 */
export function AssociateFormPage({ associateId }: { associateId: number | undefined }) {
  if (associateId === undefined) return <AddNew />;
  return <EditExisting associateId={associateId} />;
}

/** A new associate, unless the owner already has as many as allowed: then the reason, not a form the save would refuse. */
function AddNew() {
  const list = useQuery(associateListQuery);
  useDocumentTitle('Add an associate');
  if (list.data && list.data.associateCount >= list.data.maxAssociates) {
    return (
      <UnavailableNotice
        title="You cannot add another associate"
        action={
          <Link to="/profile/associate" className={buttonClass('primary')}>
            Go to your associates
          </Link>
        }
      >
        {associateWords.atMaximum(list.data.maxAssociates)}
      </UnavailableNotice>
    );
  }
  return <FormFrame associate={null} />;
}

function EditExisting({ associateId }: { associateId: number }) {
  const query = useQuery(associateProfileQuery(associateId));
  useDocumentTitle('Edit associate');
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // Missing and someone else's both answer 404: one not-found state for both.
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403)) return <AssociateNotFound />;
    return <LoadError what="This associate" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <FormFrame associate={query.data} />;
}

function FormFrame({ associate }: { associate: Associate | null }) {
  const navigate = useNavigate();
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const { question } = useUnsavedChangesGuard({ dirty, words: associate ? associateWords.discardChanges : associateWords.discardNew });
  const name = associate && `${associate.firstName} ${associate.lastName}`.trim();
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-2xl flex-col gap-4 pb-8">
      <div className="flex flex-col gap-1 px-2 sm:px-0">
        <BackToAssociates />
        <h1 id={titleId} className="text-2xl font-bold">
          {name ? `Edit ${name}` : 'Add an associate'}
        </h1>
        {!associate && <p className="text-muted">{associateWords.what}</p>}
      </div>
      <div className="border-line bg-surface p-4 sm:rounded-2xl sm:border sm:p-6">
        <AssociateForm
          key={associate?.associateId ?? 'new'}
          associate={associate}
          // Saved: nothing is lost by leaving, so the guard is not asked.
          onSaved={() => void navigate({ to: '/profile/associate', ignoreBlocker: true })}
          onDirtyChange={setDirty}
        />
      </div>
      <DiscardChangesDialog question={question} />
    </section>
  );
}
