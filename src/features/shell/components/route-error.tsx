import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { isChunkLoadError, isReloadingForNewBuild, mayReloadForNewBuild, reloadForNewBuild } from '../../../lib/reload-for-new-build';

/**
 * Spec §2: any render error in a route. The details go to the console, not the screen. A page whose code is gone
 * (a deploy replaced the build this tab started on) reloads onto the new build instead, once, or shows a spinner
 * while the reload Vite's signal started is under way.
 */
export function RouteError({ error }: { error: unknown }) {
  const [reloading] = useState(() => isChunkLoadError(error) && (isReloadingForNewBuild() || mayReloadForNewBuild()));
  useEffect(() => {
    if (reloading) reloadForNewBuild();
    else console.error(error);
  }, [error, reloading]);
  if (reloading) return <PageSpinner />;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted">Something broke while showing this page. Reloading often helps; if not, start again from home.</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClass('primary')}>
          Go home
        </Link>
      </div>
    </main>
  );
}
