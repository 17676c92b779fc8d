import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';

/** Spec §2: any render error in a route. The details go to the console, not the screen. */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);
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
