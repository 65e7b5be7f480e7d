import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createOrganization, expectDenied, expectNoRows, expectOk, makeSystemAdmin } from '../support/db-fixtures.ts';
import { enrolVerifiedTotp } from '../support/mfa.ts';
import { expectStorageError, gifBytes, pdfBytes, pngBytes } from '../support/storage-files.ts';
import { asAnon, newUser, signInAgain, sql, type TestUser } from '../support/users.ts';

/**
 * Conversations between an organisation and the network
 * (20261127000100_conversations.sql, decision 045): who may read and write
 * each table, bucket and RPC, as real users with real JWTs.
 */

interface ListRow {
  id: string;
  organization_id: string;
  subject: string;
  status: 'open' | 'closed';
  assigned_to: string | null;
  last_message_at: string;
  last_message_preview: string | null;
  unread: boolean;
  unread_count: number;
}

interface ThreadRow {
  id: number;
  author_id: string;
  from_network: boolean;
  body: string;
  created_at: string;
  attachments: { name: string; mime_type: string; byte_size: number; object_path: string }[];
}

let orgAdmin: TestUser; // organisation A's admin
let member: TestUser; // organisation A's plain member
let outsider: TestUser; // organisation B's admin
let nobody: TestUser; // signed in, in no organisation
let sysAdmin: TestUser;
let sysAdmin2: TestUser;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  [orgAdmin, member, outsider, nobody, sysAdmin, sysAdmin2] = await Promise.all([
    newUser('conv-org-admin'),
    newUser('conv-member'),
    newUser('conv-outsider'),
    newUser('conv-nobody'),
    newUser('conv-sysadmin'),
    newUser('conv-sysadmin-2'),
  ]);
  await Promise.all([makeSystemAdmin(sysAdmin), makeSystemAdmin(sysAdmin2)]);
  orgA = await createOrganization(orgAdmin, { status: 'approved' });
  await addMember(orgA, member);
  orgB = await createOrganization(outsider, { status: 'approved' });
});

/** A void RPC succeeded (PostgREST answers no body). */
function expectDone(result: { error: { message: string } | null }): void {
  expect(result.error).toBeNull();
}

async function start(user: TestUser, org: string, subject = `Question ${randomUUID().slice(0, 6)}`, body = 'Hello network'): Promise<string> {
  return expectOk(await user.client.rpc('start_conversation', { p_organization_id: org, p_subject: subject, p_body: body })) as string;
}

async function conversation(id: string) {
  const [row] = await sql<{ status: string; assigned_to: string | null; closed_at: Date | null; last_message_at: Date }>(
    'select status, assigned_to, closed_at, last_message_at from public.conversations where id = $1',
    [id],
  );
  return row;
}

async function messageCount(id: string): Promise<number> {
  const [row] = await sql<{ n: number }>('select count(*)::int as n from public.conversation_messages where conversation_id = $1', [id]);
  return row.n;
}

async function activity(id: string): Promise<{ action: string; actor_id: string }[]> {
  return sql(
    `select action, actor_id from public.network_activity where details ->> 'conversation_id' = $1 order by id`,
    [id],
  );
}

describe('starting a conversation', () => {
  it('lets any member start one for their organisation, unassigned, with its first message, logged once', async () => {
    for (const user of [orgAdmin, member]) {
      const id = await start(user, orgA, '  Our renewal  ', 'When is our renewal due?');
      const [row] = await sql<{ subject: string; created_by: string; organization_id: string; assigned_to: string | null; status: string }>(
        'select subject, created_by, organization_id, assigned_to, status from public.conversations where id = $1',
        [id],
      );
      expect(row).toEqual({ subject: 'Our renewal', created_by: user.id, organization_id: orgA, assigned_to: null, status: 'open' });
      const messages = await sql<{ author_id: string; from_network: boolean; body: string }>(
        'select author_id, from_network, body from public.conversation_messages where conversation_id = $1',
        [id],
      );
      expect(messages).toEqual([{ author_id: user.id, from_network: false, body: 'When is our renewal due?' }]);
      expect(await activity(id)).toEqual([{ action: 'conversation.started', actor_id: user.id }]);
    }
  });

  it('lets a system administrator start one with any organisation, assigned to them', async () => {
    const id = await start(sysAdmin, orgB, 'About your listing', 'Please check your website address.');
    expect((await conversation(id)).assigned_to).toBe(sysAdmin.id);
    const [message] = await sql<{ from_network: boolean }>('select from_network from public.conversation_messages where conversation_id = $1', [id]);
    expect(message.from_network).toBe(true);
    expect(await activity(id)).toEqual([{ action: 'conversation.started', actor_id: sysAdmin.id }]);
  });

  it('attack: a member of organisation B cannot start a conversation in organisation A’s name, and nothing is written', async () => {
    const [before] = await sql<{ n: number }>('select count(*)::int as n from public.conversations where organization_id = $1', [orgA]);
    for (const user of [outsider, nobody]) {
      const result = await user.client.rpc('start_conversation', { p_organization_id: orgA, p_subject: 'Forged', p_body: 'Forged' });
      expectDenied(result);
      expect(result.error?.message).toBe('not_organization_member');
    }
    const anon = await asAnon().rpc('start_conversation', { p_organization_id: orgA, p_subject: 'Forged', p_body: 'Forged' });
    expectDenied(anon);
    const [after] = await sql<{ n: number }>('select count(*)::int as n from public.conversations where organization_id = $1', [orgA]);
    expect(after.n).toBe(before.n);
  });

  it('refuses an empty or too long subject or body with a named error', async () => {
    const cases: [string, string, string][] = [
      ['   ', 'Body', 'invalid_subject'],
      ['x'.repeat(201), 'Body', 'invalid_subject'],
      ['Subject', ' \n ', 'invalid_body'],
      ['Subject', 'x'.repeat(10001), 'invalid_body'],
    ];
    for (const [subject, body, code] of cases) {
      const result = await member.client.rpc('start_conversation', { p_organization_id: orgA, p_subject: subject, p_body: body });
      expect(result.error?.code).toBe('22023');
      expect(result.error?.message).toBe(code);
    }
    expectOk(await member.client.rpc('start_conversation', { p_organization_id: orgA, p_subject: 'x'.repeat(200), p_body: 'x'.repeat(10000) }));
  });
});

describe('reading', () => {
  let convA: string;
  let convB: string;
  beforeAll(async () => {
    convA = await start(member, orgA, 'Readable A');
    convB = await start(outsider, orgB, 'Secret B', 'Organisation B only');
  });

  it('gives the organisation’s members and system administrators the conversation, its messages and read marks of their own', async () => {
    for (const user of [orgAdmin, member, sysAdmin]) {
      const conv = expectOk(await user.client.from('conversations').select('id, subject').eq('id', convA));
      expect(conv).toEqual([{ id: convA, subject: 'Readable A' }]);
      const messages = expectOk(await user.client.from('conversation_messages').select('body').eq('conversation_id', convA));
      expect(messages).toEqual([{ body: 'Hello network' }]);
      const thread = expectOk(await user.client.rpc('conversation_thread', { p_conversation_id: convA })) as ThreadRow[];
      expect(thread.map((m) => m.body)).toEqual(['Hello network']);
    }
    const reads = expectOk(await orgAdmin.client.from('conversation_reads').select('user_id'));
    expect(reads.every((r) => r.user_id === orgAdmin.id)).toBe(true);
  });

  it('attack: a member of organisation B reads nothing of organisation A’s conversations', async () => {
    expectNoRows(await outsider.client.from('conversations').select('id').eq('id', convA));
    expectNoRows(await outsider.client.from('conversation_messages').select('id').eq('conversation_id', convA));
    expectNoRows(await outsider.client.from('conversation_attachments').select('id').eq('conversation_id', convA));
    const thread = await outsider.client.rpc('conversation_thread', { p_conversation_id: convA });
    expect(thread.error?.message).toBe('conversation_not_found');
    const list = expectOk(await outsider.client.rpc('my_conversations', {})) as ListRow[];
    expect(list.map((r) => r.organization_id)).not.toContain(orgA);
    expect(list.map((r) => r.id)).toContain(convB);
  });

  it('gives people in no organisation, and visitors, nothing', async () => {
    for (const table of ['conversations', 'conversation_messages', 'conversation_attachments', 'conversation_reads']) {
      expectNoRows(await nobody.client.from(table).select('*'));
      expectDenied(await asAnon().from(table).select('*'));
    }
    expect(expectOk(await nobody.client.rpc('my_conversations', {}))).toEqual([]);
    expect(expectOk(await nobody.client.rpc('unread_conversation_count'))).toBe(0);
    for (const [fn, args] of [
      ['my_conversations', {}],
      ['unread_conversation_count', {}],
      ['conversation_thread', { p_conversation_id: convA }],
      ['admin_conversations', {}],
    ] as const) {
      expectDenied(await asAnon().rpc(fn, args));
    }
  });

  it('reads colleagues’ read marks of nobody but oneself', async () => {
    expectDone(await orgAdmin.client.rpc('mark_conversation_read', { p_conversation_id: convA }));
    expectNoRows(await member.client.from('conversation_reads').select('*').eq('user_id', orgAdmin.id));
  });

  it('keeps the admin list to system administrators', async () => {
    for (const user of [orgAdmin, member, nobody]) {
      const result = await user.client.rpc('admin_conversations', {});
      expectDenied(result);
    }
  });
});

describe('writing directly', () => {
  let conv: string;
  let messageId: number;
  beforeAll(async () => {
    conv = await start(member, orgA, 'Immutable');
    messageId = expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Original words' })) as number;
  });

  it('attack: nobody inserts, updates or deletes rows through the API, and nothing changes', async () => {
    for (const user of [member, orgAdmin, sysAdmin]) {
      expectDenied(await user.client.from('conversation_messages').insert({ conversation_id: conv, organization_id: orgA, author_id: sysAdmin.id, from_network: true, body: 'Forged' }));
      expectDenied(await user.client.from('conversation_messages').update({ body: 'Edited' }).eq('id', messageId));
      expectDenied(await user.client.from('conversation_messages').delete().eq('id', messageId));
      expectDenied(await user.client.from('conversations').insert({ organization_id: orgA, subject: 'Direct' }));
      expectDenied(await user.client.from('conversations').update({ status: 'closed' }).eq('id', conv));
      expectDenied(await user.client.from('conversations').delete().eq('id', conv));
      expectDenied(await user.client.from('conversation_reads').insert({ user_id: user.id, conversation_id: conv, last_read_at: '2999-01-01' }));
      expectDenied(await user.client.from('conversation_attachments').insert({ message_id: messageId, conversation_id: conv, organization_id: orgA, object_path: `${orgA}/${conv}/x/y.pdf`, name: 'y.pdf', mime_type: 'application/pdf', byte_size: 1 }));
    }
    const [row] = await sql<{ body: string }>('select body from public.conversation_messages where id = $1', [messageId]);
    expect(row.body).toBe('Original words');
    expect((await conversation(conv)).status).toBe('open');
    expect(await messageCount(conv)).toBe(2);
  });

  it('keeps a message as written even for the database superuser', async () => {
    await expect(sql('update public.conversation_messages set body = $2 where id = $1', [messageId, 'Rewritten'])).rejects.toThrow(/message_immutable/);
    const [row] = await sql<{ body: string }>('select body from public.conversation_messages where id = $1', [messageId]);
    expect(row.body).toBe('Original words');
  });

  it('attack: a member cannot forge the author: post_message always writes the caller, on the organisation’s side', async () => {
    // PostgREST matches functions by argument names: an extra p_author_id finds no function.
    const forged = await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'As the network', p_author_id: sysAdmin.id });
    expect(forged.error).not.toBeNull();
    const id = expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'As myself' })) as number;
    const [row] = await sql<{ author_id: string; from_network: boolean }>('select author_id, from_network from public.conversation_messages where id = $1', [id]);
    expect(row).toEqual({ author_id: member.id, from_network: false });
    const [forgedRows] = await sql<{ n: number }>(`select count(*)::int as n from public.conversation_messages where body = 'As the network'`);
    expect(forgedRows.n).toBe(0);
  });
});

describe('posting and the administrators’ actions', () => {
  it('attack: a member of organisation B cannot post to organisation A’s conversation, and nothing is written', async () => {
    const conv = await start(member, orgA, 'Not for B');
    for (const user of [outsider, nobody]) {
      const result = await user.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Intruding' });
      expect(result.error?.code).toBe('P0002');
      expect(result.error?.message).toBe('conversation_not_found');
      const read = await user.client.rpc('mark_conversation_read', { p_conversation_id: conv });
      expect(read.error?.message).toBe('conversation_not_found');
    }
    expectDenied(await asAnon().rpc('post_message', { p_conversation_id: conv, p_body: 'Intruding' }));
    expect(await messageCount(conv)).toBe(1);
    const [reads] = await sql<{ n: number }>('select count(*)::int as n from public.conversation_reads where conversation_id = $1 and user_id = any($2)', [conv, [outsider.id, nobody.id]]);
    expect(reads.n).toBe(0);
  });

  it('attack: members, org admins included, cannot assign, close or reopen, and nothing changes', async () => {
    const conv = await start(member, orgA, 'Members may not steer');
    for (const user of [member, orgAdmin, outsider]) {
      for (const [fn, args] of [
        ['assign_conversation', { p_conversation_id: conv, p_admin_id: sysAdmin.id }],
        ['assign_conversation', { p_conversation_id: conv, p_admin_id: user.id }],
        ['close_conversation', { p_conversation_id: conv }],
        ['reopen_conversation', { p_conversation_id: conv }],
      ] as const) {
        const result = await user.client.rpc(fn, args);
        expectDenied(result);
        expect(result.error?.message).toMatch(/^Only system administrators may/);
      }
    }
    expect(await conversation(conv)).toMatchObject({ status: 'open', assigned_to: null });
    expect(await activity(conv)).toEqual([{ action: 'conversation.started', actor_id: member.id }]);
  });

  it('lets a system administrator assign, unassign, close and reopen, each logged exactly once', async () => {
    const conv = await start(member, orgA, 'Steered');
    expectDone(await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: conv, p_admin_id: sysAdmin2.id }));
    expect((await conversation(conv)).assigned_to).toBe(sysAdmin2.id);
    // The same assignment again changes and logs nothing.
    expectDone(await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: conv, p_admin_id: sysAdmin2.id }));
    expectDone(await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: conv, p_admin_id: null }));
    expect((await conversation(conv)).assigned_to).toBeNull();
    expectDone(await sysAdmin.client.rpc('close_conversation', { p_conversation_id: conv }));
    expectDone(await sysAdmin.client.rpc('close_conversation', { p_conversation_id: conv }));
    expect(await conversation(conv)).toMatchObject({ status: 'closed' });
    expect((await conversation(conv)).closed_at).not.toBeNull();
    expectDone(await sysAdmin.client.rpc('reopen_conversation', { p_conversation_id: conv }));
    expectDone(await sysAdmin.client.rpc('reopen_conversation', { p_conversation_id: conv }));
    expect(await conversation(conv)).toMatchObject({ status: 'open', closed_at: null });
    expect((await activity(conv)).map((a) => a.action)).toEqual([
      'conversation.started',
      'conversation.assigned',
      'conversation.unassigned',
      'conversation.closed',
      'conversation.reopened',
    ]);
  });

  it('assigns only to system administrators', async () => {
    const conv = await start(member, orgA, 'Assign to a member?');
    const result = await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: conv, p_admin_id: member.id });
    expect(result.error?.message).toBe('invalid_assignee');
    expect((await conversation(conv)).assigned_to).toBeNull();
  });

  it('refuses members a closed conversation; an administrator’s post reopens it, logged once', async () => {
    const conv = await start(member, orgA, 'Closed then answered');
    expectDone(await sysAdmin.client.rpc('close_conversation', { p_conversation_id: conv }));
    const refused = await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Still there?' });
    expect(refused.error?.code).toBe('22023');
    expect(refused.error?.message).toBe('conversation_closed');
    expect(await messageCount(conv)).toBe(1);
    expectOk(await sysAdmin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Following up.' }));
    expect((await conversation(conv)).status).toBe('open');
    expect((await activity(conv)).map((a) => a.action)).toEqual(['conversation.started', 'conversation.closed', 'conversation.reopened']);
    expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Thanks' }));
  });

  it('writes no audit entry for an ordinary message', async () => {
    const conv = await start(member, orgA, 'Quiet');
    expectOk(await sysAdmin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Answer' }));
    expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Reply' }));
    expect((await activity(conv)).map((a) => a.action)).toEqual(['conversation.started']);
  });
});

describe('the same request sent again (issue 28)', () => {
  it('post_message: a retry with the same request id returns the message it wrote and writes nothing more, even sent at once', async () => {
    const conv = await start(member, orgA, 'Retried');
    const requestId = randomUUID();
    const send = () => member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Sent once', p_request_id: requestId });
    const first = expectOk(await send());
    // A lost answer, then a retry and a second tab at the same moment.
    const again = await Promise.all([send(), send(), send()]);
    expect(again.map((result) => expectOk(result))).toEqual([first, first, first]);
    expect(await messageCount(conv)).toBe(2);
    // Without an id, or with a new one, it is another message.
    expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Sent once' }));
    expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Sent once', p_request_id: randomUUID() }));
    expect(await messageCount(conv)).toBe(4);
  });

  it('start_conversation: a retry returns the conversation it started, its message written and logged once, even sent at once', async () => {
    const requestId = randomUUID();
    const subject = `Once ${randomUUID().slice(0, 6)}`;
    const send = () =>
      member.client.rpc('start_conversation', { p_organization_id: orgA, p_subject: subject, p_body: 'Only one, please', p_request_id: requestId });
    const ids = (await Promise.all([send(), send(), send()])).map((result) => expectOk(result));
    expect(new Set(ids).size).toBe(1);
    expect(expectOk(await send())).toBe(ids[0]);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.conversations where subject = $1', [subject]);
    expect(n).toBe(1);
    expect(await messageCount(ids[0] as string)).toBe(1);
    expect(await activity(ids[0] as string)).toEqual([{ action: 'conversation.started', actor_id: member.id }]);
  });

  it('attack: an id used for one write cannot return or change another, and another person’s id is theirs alone', async () => {
    const conv = await start(member, orgA, 'Reused');
    const requestId = randomUUID();
    expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'First words', p_request_id: requestId }));
    const changed = await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Other words', p_request_id: requestId });
    expect(changed.error?.message).toBe('request_reused');
    const other = await start(member, orgA, 'Elsewhere');
    const moved = await member.client.rpc('post_message', { p_conversation_id: other, p_body: 'First words', p_request_id: requestId });
    expect(moved.error?.message).toBe('request_reused');
    const startedWithIt = await member.client.rpc('start_conversation', { p_organization_id: orgA, p_subject: 'Reused', p_body: 'Different', p_request_id: requestId });
    expectOk(startedWithIt); // a conversation's ids and a message's are apart: this starts one
    // Another member sending the same id writes their own message.
    expectOk(await orgAdmin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'First words', p_request_id: requestId }));
    const bodies = await sql<{ author_id: string; body: string }>(
      'select author_id, body from public.conversation_messages where conversation_id = $1 order by id',
      [conv],
    );
    expect(bodies).toEqual([
      { author_id: member.id, body: 'Hello network' },
      { author_id: member.id, body: 'First words' },
      { author_id: orgAdmin.id, body: 'First words' },
    ]);
    expect(await messageCount(other)).toBe(1);
  });
});

describe('unread counts', () => {
  it('counts what others wrote since one last read, per person, and clears on reading', async () => {
    const conv = await start(member, orgA, 'Unread flow');
    const before = expectOk(await orgAdmin.client.rpc('unread_conversation_count')) as number;
    // The colleague who did not write it has it unread; the author has not.
    let row = (expectOk(await member.client.rpc('my_conversations', {})) as ListRow[]).find((r) => r.id === conv);
    expect(row).toMatchObject({ unread: false, unread_count: 0 });
    row = (expectOk(await orgAdmin.client.rpc('my_conversations', {})) as ListRow[]).find((r) => r.id === conv);
    expect(row).toMatchObject({ unread: true, unread_count: 1 });

    expectOk(await sysAdmin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Answer one' }));
    expectOk(await sysAdmin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Answer two' }));
    row = (expectOk(await member.client.rpc('my_conversations', {})) as ListRow[]).find((r) => r.id === conv);
    expect(row).toMatchObject({ unread: true, unread_count: 2, last_message_preview: 'Answer two' });
    const memberCount = expectOk(await member.client.rpc('unread_conversation_count')) as number;
    expect(memberCount).toBeGreaterThanOrEqual(1);

    expectDone(await member.client.rpc('mark_conversation_read', { p_conversation_id: conv }));
    row = (expectOk(await member.client.rpc('my_conversations', {})) as ListRow[]).find((r) => r.id === conv);
    expect(row).toMatchObject({ unread: false, unread_count: 0 });
    expect(expectOk(await member.client.rpc('unread_conversation_count'))).toBe(memberCount - 1);
    // The colleague's mark is theirs: still unread for them.
    row = (expectOk(await orgAdmin.client.rpc('my_conversations', {})) as ListRow[]).find((r) => r.id === conv);
    expect(row).toMatchObject({ unread: true, unread_count: 3 });
    expect(expectOk(await orgAdmin.client.rpc('unread_conversation_count'))).toBe(before);
  });

  it('counts for an administrator the open conversations assigned to them or nobody', async () => {
    const before = expectOk(await sysAdmin2.client.rpc('unread_conversation_count')) as number;
    const unassigned = await start(member, orgA, 'For any administrator');
    const theirs = await start(member, orgA, 'For administrator two');
    const someoneElses = await start(member, orgA, 'For administrator one');
    expectDone(await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: theirs, p_admin_id: sysAdmin2.id }));
    expectDone(await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: someoneElses, p_admin_id: sysAdmin.id }));
    expect(expectOk(await sysAdmin2.client.rpc('unread_conversation_count'))).toBe(before + 2);
    expectDone(await sysAdmin2.client.rpc('mark_conversation_read', { p_conversation_id: unassigned }));
    expect(expectOk(await sysAdmin2.client.rpc('unread_conversation_count'))).toBe(before + 1);
    expectDone(await sysAdmin.client.rpc('close_conversation', { p_conversation_id: theirs }));
    expect(expectOk(await sysAdmin2.client.rpc('unread_conversation_count'))).toBe(before);
  });
});

describe('lists, paged by keyset', () => {
  let org: string;
  let reader: TestUser;
  let writer: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    [reader, writer] = await Promise.all([newUser('conv-page-reader'), newUser('conv-page-writer')]);
    org = await createOrganization(writer, { status: 'approved' });
    await addMember(org, reader);
    for (let i = 0; i < 7; i += 1) ids.push(await start(writer, org, `Paged ${i}`));
    // Three share one instant (the id breaks the tie); the reader has read some.
    await sql(`update public.conversations set last_message_at = '2026-01-01T00:00:00Z' where id = any($1)`, [ids.slice(0, 3)]);
    for (const id of [ids[1], ids[4], ids[5]]) {
      expectDone(await reader.client.rpc('mark_conversation_read', { p_conversation_id: id }));
    }
  });

  it('my_conversations: unread first, then newest, every row once across pages', async () => {
    const seen: ListRow[] = [];
    let cursor: Record<string, unknown> = {};
    for (;;) {
      const page = expectOk(await reader.client.rpc('my_conversations', { ...cursor, p_limit: 2 })) as ListRow[];
      if (page.length === 0) break;
      seen.push(...page);
      const last = page.at(-1) as ListRow;
      cursor = { p_before_unread: last.unread, p_before_last_message_at: last.last_message_at, p_before_id: last.id };
    }
    expect(seen.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    const unreadFlags = seen.map((r) => r.unread);
    expect(unreadFlags).toEqual([...unreadFlags].sort((a, b) => Number(b) - Number(a)));
    expect(seen.filter((r) => !r.unread).map((r) => r.id).sort()).toEqual([ids[1], ids[4], ids[5]].sort());
    const all = expectOk(await reader.client.rpc('my_conversations', { p_limit: 100 })) as ListRow[];
    expect(seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
  });

  it('refuses half a cursor', async () => {
    const result = await reader.client.rpc('my_conversations', { p_before_id: ids[0] });
    expect(result.error?.message).toBe('invalid_cursor');
  });

  it('admin_conversations: filters by organisation, status, assignment and subject, and pages without overlap', async () => {
    const walk = async (filters: Record<string, unknown>) => {
      const seen: ListRow[] = [];
      let cursor: Record<string, unknown> = {};
      for (;;) {
        const page = expectOk(await sysAdmin.client.rpc('admin_conversations', { ...filters, ...cursor, p_limit: 3 })) as ListRow[];
        if (page.length === 0) break;
        seen.push(...page);
        const last = page.at(-1) as ListRow;
        cursor = { p_before_last_message_at: last.last_message_at, p_before_id: last.id };
      }
      return seen;
    };
    const all = await walk({ p_organization_id: org });
    expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const times = all.map((r) => Date.parse(r.last_message_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expectDone(await sysAdmin.client.rpc('close_conversation', { p_conversation_id: ids[6] }));
    expectDone(await sysAdmin.client.rpc('assign_conversation', { p_conversation_id: ids[5], p_admin_id: sysAdmin.id }));
    expect((await walk({ p_organization_id: org, p_status: 'closed' })).map((r) => r.id)).toEqual([ids[6]]);
    expect((await walk({ p_organization_id: org, p_status: 'open' })).map((r) => r.id)).not.toContain(ids[6]);
    expect((await walk({ p_organization_id: org, p_mine: true })).map((r) => r.id)).toEqual([ids[5]]);
    expect((await walk({ p_organization_id: org, p_unassigned: true })).map((r) => r.id)).not.toContain(ids[5]);
    expect((await walk({ p_organization_id: org, p_search: 'paged 3' })).map((r) => r.id)).toEqual([ids[3]]);
    // A search is a phrase, not a pattern.
    expect(await walk({ p_organization_id: org, p_search: 'Paged _' })).toEqual([]);
    expect(await walk({ p_organization_id: org, p_search: '%' })).toEqual([]);
  });

  it('conversation_thread: oldest first, the next page after the last message, no overlap', async () => {
    const conv = ids[0];
    for (let i = 0; i < 4; i += 1) expectOk(await writer.client.rpc('post_message', { p_conversation_id: conv, p_body: `Reply ${i}` }));
    const first = expectOk(await reader.client.rpc('conversation_thread', { p_conversation_id: conv, p_limit: 3 })) as ThreadRow[];
    const last = first.at(-1) as ThreadRow;
    const rest = expectOk(
      await reader.client.rpc('conversation_thread', { p_conversation_id: conv, p_after_created_at: last.created_at, p_after_id: last.id }),
    ) as ThreadRow[];
    expect([...first, ...rest].map((m) => m.body)).toEqual(['Hello network', 'Reply 0', 'Reply 1', 'Reply 2', 'Reply 3']);
  });
});

describe('attachments', () => {
  let conv: string;
  let closedConv: string;
  let convB: string;
  const files = (user: TestUser) => user.client.storage.from('conversation_attachments');
  beforeAll(async () => {
    conv = await start(member, orgA, 'With files');
    closedConv = await start(member, orgA, 'Closed with files');
    expectDone(await sysAdmin.client.rpc('close_conversation', { p_conversation_id: closedConv }));
    convB = await start(outsider, orgB, 'B’s files');
  });

  it('lets a member upload to their open conversation and send it; colleagues and administrators read it, others do not', async () => {
    const path = `${orgA}/${conv}/${randomUUID()}/statement.pdf`;
    expectOk(await files(member).upload(path, pdfBytes(120), { contentType: 'application/pdf' }));
    const id = expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Attached', p_attachments: [path] })) as number;
    const [row] = await sql<{ name: string; mime_type: string; byte_size: string; message_id: string }>(
      'select name, mime_type, byte_size, message_id from public.conversation_attachments where object_path = $1',
      [path],
    );
    expect(row).toEqual({ name: 'statement.pdf', mime_type: 'application/pdf', byte_size: '120', message_id: String(id) });
    for (const user of [orgAdmin, sysAdmin]) {
      expectOk(await files(user).createSignedUrl(path, 60));
      expect(expectOk(await user.client.from('conversation_attachments').select('name').eq('object_path', path))).toEqual([{ name: 'statement.pdf' }]);
    }
    expectStorageError(await files(outsider).createSignedUrl(path, 60), '404');
    expectNoRows(await outsider.client.from('conversation_attachments').select('name').eq('object_path', path));
    expect((await asAnon().storage.from('conversation_attachments').createSignedUrl(path, 60)).error).not.toBeNull();
  });

  it('attack: a member of organisation B cannot upload into A’s conversation, nor into a closed one, nor outside a conversation', async () => {
    const into = (org: string, c: string) => `${org}/${c}/${randomUUID()}/x.pdf`;
    expectStorageError(await files(outsider).upload(into(orgA, conv), pdfBytes(), { contentType: 'application/pdf' }), '403');
    // B's conversation id under A's folder, and A's under B's: the pair must match.
    expectStorageError(await files(outsider).upload(into(orgA, convB), pdfBytes(), { contentType: 'application/pdf' }), '403');
    expectStorageError(await files(member).upload(into(orgB, conv), pdfBytes(), { contentType: 'application/pdf' }), '403');
    expectStorageError(await files(member).upload(into(orgA, closedConv), pdfBytes(), { contentType: 'application/pdf' }), '403');
    expectStorageError(await files(member).upload(`${orgA}/${conv}/loose.pdf`, pdfBytes(), { contentType: 'application/pdf' }), '403');
    const [objects] = await sql<{ n: number }>(
      `select count(*)::int as n from storage.objects where bucket_id = 'conversation_attachments' and (name like $1 or name like $2 or name like $3)`,
      [`${orgA}/${convB}/%`, `${orgB}/${conv}/%`, `${orgA}/${closedConv}/%`],
    );
    expect(objects.n).toBe(0);
  });

  it('refuses a GIF and a file over 10 MB, as the bucket is configured', async () => {
    expectStorageError(await files(member).upload(`${orgA}/${conv}/${randomUUID()}/a.gif`, gifBytes(), { contentType: 'image/gif' }), '415');
    expectStorageError(
      await files(member).upload(`${orgA}/${conv}/${randomUUID()}/big.png`, pngBytes(10 * 1024 * 1024 + 1), { contentType: 'image/png' }),
      '413',
    );
  });

  it('attack: nobody replaces or removes a sent file, and a colleague cannot send someone else’s upload', async () => {
    const path = `${orgA}/${conv}/${randomUUID()}/scan.png`;
    expectOk(await files(member).upload(path, pngBytes(80), { contentType: 'image/png' }));
    const stolen = await orgAdmin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Mine now', p_attachments: [path] });
    expect(stolen.error?.message).toBe('invalid_attachment');
    expectOk(await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Scan', p_attachments: [path] }));
    const again = await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Twice', p_attachments: [path] });
    expect(again.error?.message).toBe('invalid_attachment');
    for (const user of [member, orgAdmin, sysAdmin]) {
      expect((await files(user).upload(path, pngBytes(90), { contentType: 'image/png', upsert: true })).error).not.toBeNull();
      await files(user).remove([path]);
    }
    const [object] = await sql<{ size: string }>(
      `select metadata ->> 'size' as size from storage.objects where bucket_id = 'conversation_attachments' and name = $1`,
      [path],
    );
    expect(object.size).toBe('80');
    const [msgs] = await sql<{ n: number }>(`select count(*)::int as n from public.conversation_messages where body in ('Mine now', 'Twice')`);
    expect(msgs.n).toBe(0);
  });

  it('refuses a path outside the conversation’s folder or one that does not exist', async () => {
    const elsewhere = `${orgA}/${closedConv}/${randomUUID()}/x.pdf`;
    for (const path of [elsewhere, `${orgA}/${conv}/${randomUUID()}/missing.pdf`]) {
      const result = await member.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Bad file', p_attachments: [path] });
      expect(result.error?.message).toBe('invalid_attachment');
    }
  });
});

describe('a system administrator with a verified factor (decision 043)', () => {
  let conv: string;
  let admin: TestUser;
  let aal1: TestUser['client'];
  beforeAll(async () => {
    admin = await newUser('conv-sysadmin-mfa');
    await makeSystemAdmin(admin);
    await enrolVerifiedTotp(admin.client);
    aal1 = await signInAgain(admin);
    conv = await start(member, orgA, 'Second factor');
  });

  it('at aal2 reads and answers every organisation’s conversations', async () => {
    const rows = expectOk(await admin.client.rpc('admin_conversations', { p_organization_id: orgA })) as ListRow[];
    expect(rows.map((r) => r.id)).toContain(conv);
    expectOk(await admin.client.rpc('post_message', { p_conversation_id: conv, p_body: 'Answered at aal2' }));
  });

  it('attack: at aal1 (password only) is refused with aal2_required, sees nothing and changes nothing', async () => {
    for (const [fn, args] of [
      ['admin_conversations', {}],
      ['post_message', { p_conversation_id: conv, p_body: 'At aal1' }],
      ['conversation_thread', { p_conversation_id: conv }],
      ['assign_conversation', { p_conversation_id: conv, p_admin_id: admin.id }],
      ['close_conversation', { p_conversation_id: conv }],
      ['start_conversation', { p_organization_id: orgA, p_subject: 'At aal1', p_body: 'At aal1' }],
    ] as const) {
      const result = await aal1.rpc(fn, args);
      expect(result.error).toMatchObject({ code: '42501', message: 'aal2_required' });
    }
    expectNoRows(await aal1.from('conversations').select('id').eq('id', conv));
    expectNoRows(await aal1.from('conversation_messages').select('id').eq('conversation_id', conv));
    expect(await conversation(conv)).toMatchObject({ status: 'open', assigned_to: null });
    const [rows] = await sql<{ n: number }>(`select count(*)::int as n from public.conversation_messages where body = 'At aal1'`);
    expect(rows.n).toBe(0);
  });
});
