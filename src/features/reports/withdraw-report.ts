import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportMessages, type MyReport, type ReportTarget } from '#contract/reports';
import { toast } from '../../lib/toast';
import { reportKeys, withdrawReport, type MyReportPages } from './api';

/** Where a report sat in the cached pages, so a failed withdrawal puts it back exactly there. */
type Spot = { page: number; index: number; report: MyReport };

function take(data: MyReportPages, reportId: number): { data: MyReportPages; spot: Spot | null } {
  let spot: Spot | null = null;
  const pages = data.pages.map((p, page) => {
    const index = p.list.findIndex((r) => r.reportId === reportId);
    if (index < 0) return p;
    spot = { page, index, report: p.list[index]! };
    return { ...p, list: p.list.filter((r) => r.reportId !== reportId), total: Math.max(0, p.total - 1) };
  });
  return { data: { ...data, pages }, spot };
}

function putBack(data: MyReportPages, { page, index, report }: Spot): MyReportPages {
  if (data.pages.some((p) => p.list.some((r) => r.reportId === report.reportId))) return data;
  const pages = data.pages.map((p, i) => {
    if (i !== page) return p;
    const list = [...p.list];
    list.splice(Math.min(index, list.length), 0, report);
    return { ...p, list, total: p.total + 1 };
  });
  return { ...data, pages };
}

/**
 * Withdrawing one of the viewer's open reports: the row leaves the list at once; a refusal (already reviewed, a lost
 * connection) puts it back where it was, and the QueryClient toasts the server's reason.
 */
export function useWithdrawReport(kind: ReportTarget) {
  const queryClient = useQueryClient();
  const queryKey = reportKeys.mine(kind);
  return useMutation({
    mutationKey: [...reportKeys.all, 'withdraw', kind],
    mutationFn: (reportId: number) => withdrawReport(kind, reportId),
    onMutate: async (reportId) => {
      await queryClient.cancelQueries({ queryKey });
      let spot: Spot | null = null;
      queryClient.setQueryData<MyReportPages>(queryKey, (data) => {
        if (!data) return data;
        const taken = take(data, reportId);
        spot = taken.spot;
        return taken.data;
      });
      return { spot: spot as Spot | null };
    },
    onError: (_error, _reportId, context) => {
      const spot = context?.spot;
      if (spot) queryClient.setQueryData<MyReportPages>(queryKey, (data) => data && putBack(data, spot));
    },
    onSuccess: ({ message }) => {
      toast.success(message || reportMessages.withdrawn);
      // Later pages' rows shift up by one: the next visit asks again.
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    },
  });
}
