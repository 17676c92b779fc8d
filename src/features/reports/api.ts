import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { myReportList, reasonList, REPORT_ID_FIELDS, REPORT_PATHS, REPORT_REASONS, type MyReportList, type ReportReason, type ReportTarget } from '#contract/reports';
import { api } from '../../lib/api-client';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';

/**
 * Every reports query key, generic to specific: `['reports']`, `['reports','reasons']`, `['reports','mine',kind]`.
 * A report sent or withdrawn touches only the viewer's own list of that kind.
 */
export const reportKeys = {
  all: ['reports'] as const,
  reasons: () => [...reportKeys.all, 'reasons'] as const,
  mine: (kind: ReportTarget) => [...reportKeys.all, 'mine', kind] as const,
};

// REPORT_PATHS name the whole path (`/api/...`); the client's prefix already holds `/api`.
const pathOf = (path: string) => path.replace(/^\/api\//, '');

/**
 * The answers of sending and withdrawing a report: the contract names their sentence (`reportMessages`) but not their
 * data, which the client does not use, so any data is accepted rather than failing a report that went through.
 */
const anyData = z.unknown();

/**
 * `GET /api/reason`: the community rules a report names. They change only with the terms, so they are kept all day.
 * The contract's copy shows meanwhile, so the dialog opens with its radios in place (and focus on the first) rather
 * than a spinner; the server's answer replaces it.
 */
export const reasonsQuery = queryOptions({
  queryKey: reportKeys.reasons(),
  queryFn: ({ signal }) => api.get(reasonList, 'reason', { signal }).then((r) => r.data.list),
  staleTime: 24 * 60 * 60_000,
  placeholderData: REPORT_REASONS.map((r): ReportReason => ({ id: r.id, code: r.code, title: r.title, rule: r.rule })),
});


/** What the member fills in; absent fields are left out of the body (the contract's bodies are strict). */
export type ReportFields = { reasonId: number; comment?: string | undefined; images?: string[] | undefined };

/** `POST` on the kind's create path (`/api/user/report`, `/api/report-feed`, ...): answers the sentence to show. */
export function sendReport(kind: ReportTarget, targetId: number, { reasonId, comment, images }: ReportFields) {
  return api.post(anyData, pathOf(REPORT_PATHS[kind].create), {
    [REPORT_ID_FIELDS[kind]]: targetId,
    reasonId,
    ...(comment ? { comment } : {}),
    ...(images && images.length > 0 ? { images } : {}),
  });
}

/** `DELETE` on the kind's withdraw path with `?reportId=`: only an open report can be withdrawn. */
export const withdrawReport = (kind: ReportTarget, reportId: number) =>
  api.delete(anyData, pathOf(REPORT_PATHS[kind].withdraw), undefined, { searchParams: { reportId } });

export type MyReportPages = Pages<MyReportList>;

/** `GET` on the kind's list path: the viewer's own reports of that kind, newest first; page 1 replaces, later pages append. */
export const myReportsQuery = (kind: ReportTarget) =>
  infiniteQueryOptions<MyReportList, Error, MyReportPages, ReturnType<typeof reportKeys.mine>, PageParam>({
    queryKey: reportKeys.mine(kind),
    queryFn: ({ pageParam, signal }) =>
      api.get(myReportList, pathOf(REPORT_PATHS[kind].list), { searchParams: pageSearchParams(pageParam), signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
  });
