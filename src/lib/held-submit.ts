/**
 * A form sent before the app had taken a prerendered page over: the boot script (server/lib/boot-script.ts) stopped
 * it going out natively and kept it here.
 */
type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };
declare global {
  interface Window {
    switchbackHeldSubmit?: HeldSubmit | undefined;
  }
}

/** How long a held form waits for its part of the page to answer before it is let go (as the pointer block is). */
const RETRY_MS = 50;
const GIVE_UP_MS = 10_000;

/**
 * Marks the page as the app's (`data-app`: from now on the app's own handlers take every submit) and sends the form
 * the member sent while it loaded, as they sent it (with the button they pressed), through those handlers. A form the
 * app drew over (a shell's) is gone, and with it what was sent.
 *
 * The app answering is not every part of it answering: React hydrates a route's part of the page after the root, so
 * the form may still be markup alone. A submit no handler took (not `defaultPrevented` once it has bubbled to the
 * window, past React's listener on the root) is stopped again and tried a moment later, so it never goes out natively.
 */
export function sendHeldSubmit(now: () => number = () => performance.now()) {
  document.documentElement.setAttribute('data-app', '');
  const held = window.switchbackHeldSubmit;
  window.switchbackHeldSubmit = undefined;
  if (!held) return;
  const until = now() + GIVE_UP_MS;
  const attempt = () => {
    if (!held.form.isConnected) return;
    const submitter = held.submitter?.isConnected && held.submitter instanceof HTMLButtonElement && held.submitter.form === held.form ? held.submitter : undefined;
    let taken = true;
    const unhandled = (event: Event) => {
      if (event.defaultPrevented) return;
      event.preventDefault();
      taken = false;
    };
    window.addEventListener('submit', unhandled);
    try {
      held.form.requestSubmit(submitter);
    } finally {
      window.removeEventListener('submit', unhandled);
    }
    if (!taken && now() < until) setTimeout(attempt, RETRY_MS);
  };
  attempt();
}
