import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { newUser, sql, type TestUser } from '../support/users.ts';

/**
 * An answer from the network in a conversation becomes a notification for
 * every member of the organisation (decision 046's network_reply), written by
 * the database with the message; the organisation's own messages, and other
 * organisations, get none.
 */
let orgAdmin: TestUser;
let member: TestUser;
let outsider: TestUser;
let sysAdmin: TestUser;
let orgA: string;

const replies = (user: TestUser) =>
  sql<{ title: string; body: string; link: string; organization_id: string }>(
    `select title, body, link, organization_id from public.notifications where user_id = $1 and kind = 'network_reply' order by id`,
    [user.id],
  );

beforeAll(async () => {
  [orgAdmin, member, outsider, sysAdmin] = await Promise.all([
    newUser('reply-org-admin'),
    newUser('reply-member'),
    newUser('reply-outsider'),
    newUser('reply-sysadmin'),
  ]);
  await makeSystemAdmin(sysAdmin);
  orgA = await createOrganization(orgAdmin, { status: 'approved' });
  await addMember(orgA, member);
  await createOrganization(outsider, { status: 'approved' });
});

describe('network_reply notifications', () => {
  it('tell every member when the network answers, and nobody when a member writes', async () => {
    const conversation = expectOk(
      await member.client.rpc('start_conversation', { p_organization_id: orgA, p_subject: 'Renewal documents', p_body: 'Which documents do you need?' }),
    ) as string;
    expect(await replies(orgAdmin)).toEqual([]);
    expect(await replies(member)).toEqual([]);

    expectOk(await sysAdmin.client.rpc('post_message', { p_conversation_id: conversation, p_body: 'Your certificate of registration, please.' }));
    const expected = [
      {
        title: 'The network answered: Renewal documents',
        body: 'Your certificate of registration, please.',
        link: '/dashboard/messages',
        organization_id: orgA,
      },
    ];
    expect(await replies(orgAdmin)).toEqual(expected);
    expect(await replies(member)).toEqual(expected);
    expect(await replies(outsider)).toEqual([]);
    expect(await replies(sysAdmin)).toEqual([]);

    // The organisation's own reply tells nobody anything new.
    expectOk(await orgAdmin.client.rpc('post_message', { p_conversation_id: conversation, p_body: 'Attached.' }));
    expect(await replies(orgAdmin)).toHaveLength(1);
    expect(await replies(member)).toHaveLength(1);
  });
});
