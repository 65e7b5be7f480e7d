// Runs isolated: after some files in a shared worker its search found an element with the group role that is not one of its questions (decisions 074, 085).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import type { AccordClient } from '../../data/client';
import { SessionProvider } from '../../session/session-context';
import { TestProviders } from '../../testing/render';
import { sessionLogicFor } from '../../testing/session';
import { factsFor } from '../../testing/session-facts';
import { FAQ_TOPICS, filterFaq } from './help-faq';
import HelpPage from './help-page';

/**
 * /dashboard/help against a fake client: the questions and their search, the
 * contact details, and a question that starts a conversation (what was typed
 * stays after a refusal; the new conversation is linked).
 */
type Answer = { data: unknown; error: { message: string; code?: string } | null };

function fakeBackend(answers: Answer[]) {
  const rpc = vi.fn(async (): Promise<Answer> => answers.shift() ?? { data: null, error: { message: 'unexpected call' } });
  const maybeSingle = async () => ({ data: { organization_id: 'org-1', role: 'admin' }, error: null });
  const chain = { select: () => chain, eq: () => chain, maybeSingle };
  const client = { rpc, from: () => chain } as unknown as AccordClient;
  return { client, rpc };
}

function renderHelp(client: AccordClient) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/help', element: <HelpPage client={client} /> },
      { path: '/dashboard/messages', element: <h1>Messages page</h1> },
    ],
    { initialEntries: ['/dashboard/help'] },
  );
  render(
    <TestProviders>
      <SessionProvider logic={sessionLogicFor(factsFor('orgAdmin'))} navigate={(to) => void router.navigate(to)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestProviders>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

const faqStatus = () => within(screen.getByRole('region', { name: 'Questions and answers' })).getByRole('status');
const questions = () => screen.queryAllByRole('group').map((details) => details.querySelector('summary')?.textContent);

describe('the FAQ', () => {
  it('has at least fifteen questions, each with an answer, under unique ids', () => {
    const entries = FAQ_TOPICS.flatMap((topic) => topic.entries);
    expect(entries.length).toBeGreaterThanOrEqual(15);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    for (const entry of entries) expect(entry.answer.join('').length).toBeGreaterThan(40);
  });

  it('finds an entry by every word of the query, in question or answer, ignoring case and accents', () => {
    const found = (query: string) => filterFaq(FAQ_TOPICS, query).flatMap((topic) => topic.entries.map((entry) => entry.id));
    expect(found('INVITATION expired')).toContain('invitation-missing');
    expect(found('invitation expired')).not.toContain('api-limits');
    expect(found('1,000 rows')).toEqual(['api-limits']);
    expect(found('  ')).toHaveLength(FAQ_TOPICS.flatMap((topic) => topic.entries).length);
    expect(found('quantum teleportation')).toEqual([]);
  });
});

describe('/dashboard/help', () => {
  it('shows the questions as disclosures that open to their answer', async () => {
    const { client } = fakeBackend([]);
    const { user } = renderHelp(client);
    expect(questions().length).toBe(FAQ_TOPICS.flatMap((topic) => topic.entries).length);
    const summary = screen.getByText('How do I turn on two-factor authentication?');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/dashboard/settings#two-factor');
  });

  it('narrows the questions as the reader types, says how many match, and offers the form when none does', async () => {
    const { client } = fakeBackend([]);
    const { user } = renderHelp(client);
    const search = screen.getByRole('searchbox', { name: 'Search the questions' });
    await user.type(search, 'suspension');
    expect(questions().every((question) => question !== undefined)).toBe(true);
    expect(questions()).toContain('What does a suspension change for us and for our partners?');
    expect(questions()).not.toContain('How do I change my e-mail address?');
    // The matches open, so their answers show without another click.
    expect(screen.getAllByRole('group').every((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(faqStatus()).toHaveTextContent(`${questions().length} questions match your search.`);
    await user.clear(search);
    await user.type(search, 'zzzz');
    expect(questions()).toEqual([]);
    expect(faqStatus()).toHaveTextContent('No question matches your search.');
    expect(screen.getByRole('link', { name: 'ask the network' })).toHaveAttribute('href', '#ask-the-network');
  });

  it('gives the network’s contact details', () => {
    const { client } = fakeBackend([]);
    renderHelp(client);
    const contact = screen.getByRole('region', { name: 'Contact the network' });
    expect(within(contact).getByRole('link', { name: 'hello@accord.network' })).toHaveAttribute('href', 'mailto:hello@accord.network');
    expect(within(contact).getByRole('link', { name: 'Your organisation’s conversations' })).toHaveAttribute('href', '/dashboard/messages');
  });

  it('checks the question before sending, keeps what was typed after a refusal, and links to the conversation it started', async () => {
    const { client, rpc } = fakeBackend([
      { data: null, error: { message: 'not_organization_member', code: '42501' } },
      { data: '7b0d8a52-1c1e-4d6f-9a55-0f7b2b1c3d4e', error: null },
    ]);
    const { user, router } = renderHelp(client);
    const ask = await screen.findByRole('button', { name: 'Send question' });

    await user.click(ask);
    expect(screen.getByText('Give the conversation a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write a message before sending.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Renewal date');
    await user.type(screen.getByRole('textbox', { name: /Your question/ }), 'When does our membership renew?');
    await user.click(ask);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your question was not sent');
    expect(alert).toHaveTextContent('You can only write to the network for your own organisation.');
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('Renewal date');
    expect(screen.getByRole('textbox', { name: /Your question/ })).toHaveValue('When does our membership renew?');

    await user.click(screen.getByRole('button', { name: 'Send question' }));
    expect(rpc).toHaveBeenLastCalledWith('start_conversation', {
      p_organization_id: 'org-1',
      p_subject: 'Renewal date',
      p_body: 'When does our membership renew?',
      p_request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The retry is the same request: were the first answer lost after the commit, no second conversation.
    const [[, first], [, retry]] = rpc.mock.calls as unknown as [string, { p_request_id: string }][];
    expect(retry.p_request_id).toBe(first.p_request_id);
    const link = await screen.findByRole('link', { name: 'Open the conversation' });
    expect(link).toHaveAttribute('href', '/dashboard/messages?c=7b0d8a52-1c1e-4d6f-9a55-0f7b2b1c3d4e');
    await waitFor(() => expect(screen.getByText('Your question has been sent').closest('[tabindex="-1"]')).toHaveFocus());
    await user.click(link);
    expect(router.state.location.search).toBe('?c=7b0d8a52-1c1e-4d6f-9a55-0f7b2b1c3d4e');
  });
});
