import type { Browser, Page } from '@playwright/test';

// What the page benchmarks (bench:scroll, bench:activity) share: the demo member signed in through the sign-in page,
// the page's long tasks collected from its first script on, and the API called as the app does.

/** The demo world's first member, with the published development password. */
export const DEMO = { email: 'maya@demo.switchback.app', password: 'Switchback1!' };

type Answer<T> = { code: number; message: string; data: T };

/** One API call, its `data` (JSON body or a form), or a thrown error naming the path and the server's message. */
export async function api<T>(base: string, path: string, init: { method?: string; token?: string; body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
  if (init.body) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined) });
  const answer = (await res.json()) as Answer<T>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/** A fresh page that records its long tasks from its first script on, signed in as the demo member (on /feeds). */
export async function signedInPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ baseURL, viewport });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/feeds$/);
  return page;
}

/** Long tasks since the last call, and their blocking time (each one's time past 50 ms). */
export async function takeLongTasks(page: Page) {
  const tasks = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { duration: number }[] };
    return w.__longTasks.splice(0);
  });
  return { count: tasks.length, blocking: tasks.reduce((n, t) => n + Math.max(0, t.duration - 50), 0), longest: Math.max(0, ...tasks.map((t) => t.duration)) };
}
