import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendHeldSubmit } from './held-submit';

// A form sent while a prerendered page was loading (held by the boot script) goes out through the app once it answers.

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-app');
  window.switchbackHeldSubmit = undefined;
});

function signInForm() {
  document.body.innerHTML = '<form><input name="email"><button type="submit" name="via" value="password">Sign in</button></form>';
  const form = document.querySelector('form')!;
  const sent: (string | null)[] = [];
  // As the app's handler does: it takes the submit and keeps the page.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push((event.submitter as HTMLButtonElement | null)?.value ?? null);
  });
  return { form, button: document.querySelector('button')!, sent };
}

describe('sendHeldSubmit', () => {
  it('sends the held form once, with the button that was pressed, and marks the page as the app’s', () => {
    const { form, button, sent } = signInForm();
    window.switchbackHeldSubmit = { form, submitter: button };
    sendHeldSubmit();
    expect(sent).toEqual(['password']);
    expect(document.documentElement.hasAttribute('data-app')).toBe(true);
    sendHeldSubmit();
    expect(sent).toEqual(['password']);
  });

  it('drops a form the app drew over (a shell’s), and does nothing when none was held', () => {
    const { sent } = signInForm();
    const gone = document.createElement('form');
    window.switchbackHeldSubmit = { form: gone, submitter: null };
    sendHeldSubmit();
    sendHeldSubmit();
    expect(sent).toEqual([]);
    expect(window.switchbackHeldSubmit).toBeUndefined();
  });
});

describe('sendHeldSubmit before the form answers', () => {
  it('never lets the form go out natively: it tries again until a handler takes it', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<form><button type="submit">Sign in</button></form>';
    const form = document.querySelector('form')!;
    const seen: boolean[] = [];
    // Watches every submit after all handlers (as the browser would then send it natively unless prevented).
    const watch = (event: Event) => seen.push(event.defaultPrevented);
    form.addEventListener('submit', () => undefined);
    window.switchbackHeldSubmit = { form, submitter: document.querySelector('button') };
    let handled = 0;
    sendHeldSubmit();
    // Nobody took it: stopped, and held for another try.
    window.addEventListener('submit', watch);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      handled++;
    });
    await vi.advanceTimersByTimeAsync(60);
    expect(handled).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(handled).toBe(1);
    expect(seen).toEqual([true]);
    window.removeEventListener('submit', watch);
    vi.useRealTimers();
  });
});
