import { Spinner } from './spinner';

/** Spec §2 modal loader: covers the page while blocking work runs, and says what it is waiting for. */
export function ModalLoader({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 backdrop-blur-sm" role="alertdialog" aria-modal="true" aria-busy="true" aria-label={label}>
      <div className="flex items-center gap-3 rounded-xl bg-surface px-5 py-4 text-fg shadow-lg">
        <span className="text-brand">
          <Spinner />
        </span>
        <span className="font-medium">{label}</span>
      </div>
    </div>
  );
}
