import { Link, useNavigate } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DiscardChangesDialog } from '../components/discard-changes-dialog';
import { useSessionActions } from '../features/auth/session-context';
import { renderWithProviders } from '../test/render';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

/** A form as the app's forms use the guard: a link away, Cancel that closes without leaving, Save that leaves. */
function NoteForm() {
  const [note, setNote] = useState('');
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  const { endSession } = useSessionActions();
  const { question, requestDiscard } = useUnsavedChangesGuard({ dirty: open && note !== '', onDiscard: () => setOpen(false) });
  return (
    <>
      <Link to={'/elsewhere' as never}>Somewhere else</Link>
      {open ? (
        <label>
          Note
          <input value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      ) : (
        <p>Closed</p>
      )}
      <button type="button" onClick={requestDiscard}>
        Cancel
      </button>
      <button type="button" onClick={() => void navigate({ to: '/saved' as never, ignoreBlocker: true })}>
        Save
      </button>
      <button type="button" onClick={() => endSession('signedOut')}>
        Sign out
      </button>
      <DiscardChangesDialog question={question} />
    </>
  );
}

async function renderForm() {
  const user = userEvent.setup();
  const view = await renderWithProviders(<NoteForm />, { path: '/notes' });
  return { user, ...view };
}

const where = () => screen.queryByTestId('location')?.textContent ?? 'still on the form';

describe('useUnsavedChangesGuard', () => {
  it('lets a navigation through at once when nothing was changed', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/elsewhere');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stops a navigation with unsaved text at a question; Keep editing stays with the text, Discard goes on', async () => {
    const { user, router } = await renderForm();
    await user.type(screen.getByLabelText('Note'), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(dialog).toHaveAccessibleDescription('Your changes will be lost.');
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(where()).toBe('still on the form');
    expect(router.state.location.pathname).toBe('/notes');
    expect(screen.getByLabelText('Note')).toHaveValue('Half a thought');

    // Escape is "keep editing" too.
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('Half a thought');

    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/elsewhere');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside the question with Tab', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    await screen.findByRole('alertdialog');
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(screen.getByRole('alertdialog')).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('does not ask when a save leaves the page', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Note'), 'Worth keeping');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/saved');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not hold up the way to sign-in when the session ends', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Note'), 'Unsaved');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('lets Cancel close clean work at once', async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before Cancel closes unsaved work', async () => {
    const { user } = await renderForm();
    await user.type(screen.getByLabelText('Note'), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Note')).toHaveValue('Draft');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // Closed work is not unsaved work: leaving now is not asked about.
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/elsewhere');
  });
});
