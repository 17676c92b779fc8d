import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ASSOCIATE_STATUS, type PermissionId } from '#contract/associates';
import { LoadError } from '../../../components/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { associatePermissionsQuery } from '../api';
import { usePermissionToggle } from '../permission-toggle';
import { AssociateNotFound } from './associate-not-found';
import { AuditList } from './audit-list';
import { BackToAssociates } from './back-to-associates';
import { PermissionSwitches } from './permission-switches';

/**
 * `/profile/associate/permissions/$associateId`: what one associate may do, a switch per permission, each saved the
 * moment it moves (a refused change moves back, with the failure toast), and below, who changed what and when.
 */
export function AssociatePermissionsPage({ associateId }: { associateId: number }) {
  useDocumentTitle('Associate permissions');
  const query = useQuery(associatePermissionsQuery(associateId));
  const toggle = usePermissionToggle(associateId);
  const [saving, setSaving] = useState(0);
  const [outcome, setOutcome] = useState('');
  const auditId = useId();

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403)) return <AssociateNotFound />;
    return <LoadError what="Their permissions" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data;
  const name = `${data.firstName} ${data.lastName}`.trim();
  const statusOf = (id: PermissionId) => data.permission.find((p) => p.id === id)?.status ?? 0;

  const flip = (id: PermissionId) => {
    const current = statusOf(id);
    setSaving((n) => n + 1);
    void toggle(id, current).then((saved) => {
      setSaving((n) => n - 1);
      setOutcome(saved === current ? 'Not saved' : 'Saved');
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-2 pb-8 sm:px-0">
      <BackToAssociates />
      <div>
        <h1 className="text-2xl font-bold">Permissions for {name}</h1>
        <p className="text-muted">What {data.firstName} may do on Switchback. Changes save as you make them and take effect at once.</p>
        {data.status === ASSOCIATE_STATUS.inactive && (
          <p className="mt-2 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm">
            Their account is off: they cannot sign in until you turn it on in your list of associates.
          </p>
        )}
      </div>
      <PermissionSwitches headingLevel={2} isOn={(id) => statusOf(id) === 1} onToggle={flip} />
      <p role="status" className="min-h-5 text-sm text-muted">
        {saving > 0 ? 'Saving…' : outcome}
      </p>
      <section aria-labelledby={auditId} className="flex flex-col gap-2">
        <h2 id={auditId} className="text-lg font-bold">
          History
        </h2>
        <AuditList audit={data.audit} headingId={auditId} />
      </section>
    </div>
  );
}
