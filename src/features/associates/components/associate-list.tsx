import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Associate } from '#contract/associates';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { associateListQuery } from '../api';
import { associateWords } from '../associate-words';
import { AssociateRow } from './associate-row';
import { RemoveAssociateDialog } from './remove-associate-dialog';

/**
 * `/profile/associate`: the accounts the owner manages, how many of how many allowed, and the way to add one (held
 * back at the maximum, saying why). Each row turns the account on or off, resends a pending invitation, and leads to
 * its edit form, its permissions and its removal.
 */
export function AssociateList() {
  useDocumentTitle('Associates');
  const query = useQuery(associateListQuery);
  const now = useNow();
  const [removing, setRemoving] = useState<Associate | null>(null);
  const titleId = useId();
  const limitId = useId();
  const data = query.data;
  const atMaximum = data !== undefined && data.associateCount >= data.maxAssociates;

  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-8">
      <div className="flex flex-wrap items-start justify-between gap-3 px-2 sm:px-0">
        <div>
          <h1 id={titleId} className="text-2xl font-bold">
            Associates
          </h1>
          {data && <p className="text-muted">{associateWords.count(data.associateCount, data.maxAssociates)}</p>}
        </div>
        {data &&
          (atMaximum ? (
            <div className="flex max-w-xs flex-col items-end gap-1">
              <Button disabled aria-describedby={limitId}>
                <Icon name="plus" className="size-5" strokeWidth="2" />
                Add associate
              </Button>
              <p id={limitId} className="text-right text-sm text-muted">
                {associateWords.atMaximum(data.maxAssociates)}
              </p>
            </div>
          ) : (
            <Link to="/profile/associate/add" className={buttonClass('primary')}>
              <Icon name="plus" className="size-5" strokeWidth="2" />
              Add associate
            </Link>
          ))}
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-12 text-brand">
          <Spinner size="lg" label="Loading your associates" />
        </div>
      ) : query.isError ? (
        <LoadError what="Your associates" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.associateList.length === 0 ? (
        <div className="flex flex-col items-center gap-3 border-line bg-surface p-8 text-center sm:rounded-2xl sm:border">
          <Icon name="family" className="size-10 text-brand" />
          <p className="font-medium">No associates yet</p>
          <p className="max-w-prose text-sm text-muted">{associateWords.what}</p>
          {!atMaximum && (
            <Link to="/profile/associate/add" className={buttonClass('primary', 'mt-2')}>
              Add your first associate
            </Link>
          )}
        </div>
      ) : (
        <>
          <p className="px-2 text-sm text-muted sm:px-0">{associateWords.what}</p>
          <ul aria-labelledby={titleId} className="flex flex-col gap-px sm:gap-3">
            {query.data.associateList.map((a) => (
              <AssociateRow key={a.associateId} associate={a} now={now} onRemove={setRemoving} />
            ))}
          </ul>
        </>
      )}

      {removing && <RemoveAssociateDialog associate={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}
