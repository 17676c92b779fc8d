import { http, HttpResponse } from 'msw';
import { REPORT_PATHS, REPORT_REASONS, type MyReport, type ReportTarget } from '#contract/reports';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** One of the viewer's reports as the list endpoints answer it; typed by the contract. */
export const aReport = (over: Partial<MyReport> = {}): MyReport => ({
  reportId: 301,
  targetKind: 'post',
  targetId: 55,
  reasonId: 3,
  reason: 'Spam or scam',
  comment: null,
  images: [],
  status: 'open',
  createdAt: '2026-11-20T09:30:00.000Z',
  resolvedAt: null,
  target: {
    member: { userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null },
    excerpt: 'Free e-bikes for the first 100 people who click this link!',
    link: { kind: 'post', id: 55 },
    removed: false,
  },
  ...over,
});

/** `GET /api/reason`: the community rules, as the server answers them; `reword` changes one rule's wording. */
export function serveReasons(reword: { id: number; rule: string } | null = null) {
  const list = REPORT_REASONS.map((r) => ({ id: r.id, code: r.code, title: r.title, rule: r.id === reword?.id ? reword.rule : r.rule }));
  server.use(http.get('/api/reason', () => HttpResponse.json(ok({ list }))));
}

/** Answers the kind's own-reports list with `reports()` (read at each request), one page; keeps the pages asked. */
export function serveMyReports(kind: ReportTarget, reports: () => MyReport[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(REPORT_PATHS[kind].list, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      const list = reports();
      return HttpResponse.json(ok({ list, current_page: 1, last_page: 1, per_page: 20, total: list.length, next_cursor: null }));
    }),
  );
  return asked;
}
