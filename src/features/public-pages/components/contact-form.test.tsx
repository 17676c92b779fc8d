import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';

const THANKS = 'Thanks! We read every message and will reply by e-mail.';
const MESSAGE = 'The Saturday gravel social shows the wrong meeting point on the map.';

/** Counts every POST /api/contact and answers with `reply`; keeps the last body sent. */
function contactEndpoint(reply: () => Response = () => HttpResponse.json(ok({ received: true }, THANKS))) {
  const calls: unknown[] = [];
  server.use(
    http.post('/api/contact', async ({ request }) => {
      calls.push(await request.json());
      return reply();
    }),
  );
  return calls;
}

async function fill({
  name = 'Maya Torres',
  email = 'maya@example.com',
  message = MESSAGE,
}: {
  name?: string;
  email?: string;
  message?: string;
}) {
  if (name) await userEvent.type(screen.getByLabelText('Your name'), name);
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email);
  if (message) await userEvent.type(screen.getByLabelText('Message'), message);
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactForm', () => {
  it('asks for a name and sends nothing without one', async () => {
    const calls = contactEndpoint();
    await renderWithProviders(<ContactForm />, { path: '/contact-us' });
    await fill({ name: '' });
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Enter your name');
    expect(calls).toEqual([]);
  });

  it.each([
    ['a top-level part longer than 4 letters', 'maya@trails.museum'],
    ['a top-level part of 1 letter', 'maya@example.c'],
    ['no @', 'maya.example.com'],
    ['a character outside ._%+-', 'maya!torres@example.com'],
  ])('refuses an e-mail with %s (spec §5) and sends nothing', async (_case, email) => {
    const calls = contactEndpoint();
    await renderWithProviders(<ContactForm />, { path: '/contact-us' });
    await fill({ email });
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(calls).toEqual([]);
  });

  it('asks for a longer message and sends nothing', async () => {
    const calls = contactEndpoint();
    await renderWithProviders(<ContactForm />, { path: '/contact-us' });
    await fill({ message: 'Hi there' });
    expect(await screen.findByText('Tell us a little more (10 characters at least)')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('counts the characters of the message against the 5,000 limit', async () => {
    await renderWithProviders(<ContactForm />, { path: '/contact-us' });
    expect(screen.getByText('0 / 5,000')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message'), 'Loose gravel');
    expect(screen.getByText('12 / 5,000')).toBeInTheDocument();
  });

  it('sends what was typed, says thanks with the server message, and can start another message', async () => {
    const calls = contactEndpoint();
    await renderWithProviders(<ContactForm />, { path: '/contact-us' });
    await fill({ email: 'Maya@Example.com' });

    expect(await screen.findByRole('heading', { name: /Thank you, Maya/ })).toBeInTheDocument();
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    expect(calls).toEqual([{ name: 'Maya Torres', email: 'maya@example.com', message: MESSAGE }]);
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveFocus();
    expect(screen.getByLabelText('Your name')).toHaveValue('Maya Torres');
  });

  it('puts the server’s e-mail error under the e-mail field, with one toast, and keeps everything typed', async () => {
    const calls = contactEndpoint(() =>
      HttpResponse.json(fail(400, 'Please check the highlighted fields.', { email: ['We cannot deliver mail to this address'] }), {
        status: 400,
      }),
    );
    await renderWithProviders(<ContactForm />, { path: '/contact-us' });
    await fill({});

    expect(await screen.findByText('We cannot deliver mail to this address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('We cannot deliver mail to this address');
    expect(await screen.findAllByText('Please check the highlighted fields.')).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('Your name')).toHaveValue('Maya Torres');
    expect(screen.getByLabelText('E-mail')).toHaveValue('maya@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue(MESSAGE);
    expect(screen.queryByRole('button', { name: 'Send another message' })).not.toBeInTheDocument();
  });
});
