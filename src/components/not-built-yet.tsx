/**
 * The honest placeholder for a route whose area has not landed yet: it names the area and what it will do, and
 * offers nothing that pretends to work. The README lists these areas.
 */
export function NotBuiltYet({ area, title, description }: { area: string; title: string; description: string }) {
  return (
    <section aria-labelledby="not-built-title" className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-dashed border-line p-8 text-center">
      <p className="rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-muted">Not built yet · {area}</p>
      <h1 id="not-built-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="text-muted">{description}</p>
    </section>
  );
}
