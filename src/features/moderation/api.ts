import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  appealList,
  auditEntry,
  auditList,
  moderationCase,
  queueList,
  type AppealList,
  type AuditEntry,
  type AuditList,
  type ModerationActionBody,
  type QueueList,
  type ReportTarget,
} from '#contract/reports';
import { api } from '../../lib/api-client';
import { getNextPageParam, initialPageParam, pageSearchParams, type PageParam, type Pages } from '../../lib/paging';

/** Every moderation query key, generic to specific, so one decision can refresh the lists it changes. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  case: (targetKind: ReportTarget, targetId: number) => [...moderationKeys.all, 'case', targetKind, targetId] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
  appeals: () => [...moderationKeys.all, 'appeals'] as const,
  decisions: () => [...moderationKeys.all, 'decisions'] as const,
};

/** One paged moderation list. Silent: a failure (a 403 to a member) is the panel's own message, not a toast. */
function pages<T extends z.ZodMiniType<{ current_page: number; last_page: number; next_cursor?: string | null | undefined }>>(
  queryKey: QueryKey,
  schema: T,
  path: string,
) {
  return infiniteQueryOptions<z.infer<T>, Error, Pages<z.infer<T>>, QueryKey, PageParam>({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get(schema, path, { searchParams: pageSearchParams(pageParam), signal }).then((r) => r.data),
    initialPageParam,
    getNextPageParam,
    meta: { silent: true },
  });
}

/** `GET /api/moderation/queue`: targets with open reports, oldest first (moderators). */
export const queueQuery = pages(moderationKeys.queue(), queueList, 'moderation/queue');
/** `GET /api/moderation/log`: every decision, newest first (moderators). */
export const logQuery = pages(moderationKeys.log(), auditList, 'moderation/log');
/** `GET /api/moderation/appeals`: open appeals (moderators). */
export const appealsQuery = pages(moderationKeys.appeals(), appealList, 'moderation/appeals');
/** `GET /api/moderation/decisions`: decisions about the signed-in member, each with its appeal (everyone). */
export const decisionsQuery = pages(moderationKeys.decisions(), auditList, 'moderation/decisions');

/** `GET /api/moderation/case`: one reported target in context, for the moderator deciding. */
export const caseQuery = (targetKind: ReportTarget, targetId: number) =>
  queryOptions({
    queryKey: moderationKeys.case(targetKind, targetId),
    queryFn: ({ signal }) => api.get(moderationCase, 'moderation/case', { searchParams: { targetKind, targetId }, signal }).then((r) => r.data),
    meta: { silent: true },
  });

/**
 * `POST /api/moderation/actions`. The target leaves the queue at once (the server closes its reports), then the queue
 * and the log are asked again. Failures are shown by the form, which keeps what was typed.
 */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => api.post(auditEntry, 'moderation/actions', body),
    onSuccess: (_answer, body) => {
      queryClient.setQueryData<Pages<QueueList>>(moderationKeys.queue(), (data) =>
        data && {
          ...data,
          pages: data.pages.map((p) => ({ ...p, list: p.list.filter((i) => !(i.targetKind === body.targetKind && i.targetId === body.targetId)) })),
        },
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.queue() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log() });
      queryClient.removeQueries({ queryKey: moderationKeys.case(body.targetKind, body.targetId) });
    },
    meta: { silent: true },
  });
}

/** `POST /api/moderation/appeals/:appealId`: grant or deny; a 403 (you made the decision) is shown beside the appeal. */
export function useAppealDecision(appealId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'grant' | 'deny'; note: string }) => api.post(auditEntry, `moderation/appeals/${appealId}`, body),
    onSuccess: () => {
      queryClient.setQueryData<Pages<AppealList>>(moderationKeys.appeals(), (data) =>
        data && { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.filter((a) => a.appealId !== appealId) })) },
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.appeals() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log() });
    },
    meta: { silent: true },
  });
}

/** `POST /api/moderation/decisions/:actionId/appeal`: the member's one appeal; the decision then shows its status. */
export function useAppeal(actionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string }) => api.post(auditEntry, `moderation/decisions/${actionId}/appeal`, body),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Pages<AuditList>>(moderationKeys.decisions(), (old) =>
        old && { ...old, pages: old.pages.map((p) => ({ ...p, list: p.list.map((d): AuditEntry => (d.actionId === actionId ? data : d)) })) },
      );
    },
    meta: { silent: true },
  });
}
