import { useId, type ReactNode } from 'react';

type Props = { title: string; children: ReactNode; action: ReactNode };

/**
 * In place of something the viewer asked for and cannot have (a post, an event, a member): a heading that says so,
 * why it may be, and the one way on. Deleted, missing and not theirs to see read the same (check 10).
 */
export function UnavailableNotice({ title, children, action }: Props) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <h1 id={headingId} className="text-2xl font-bold">
        {title}
      </h1>
      <p className="text-muted">{children}</p>
      {action}
    </section>
  );
}
