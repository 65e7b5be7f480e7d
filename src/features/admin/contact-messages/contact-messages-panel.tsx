import { Box, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSWRConfig } from 'swr';

import { CONTACT_TOPICS, type ContactTopic } from '../../../../machines/visitor-request-form';
import { isUuid } from '../../../../machines/ids';
import { FilterChips, FilterSelect, SearchField } from '../../../components/filter-controls';
import { LiveStatus } from '../../../components/live-status';
import { PageNav } from '../../../components/page-nav';
import { EmptyMessage, QueryView } from '../../../components/query-view';
import { StatusBadge } from '../../../components/status-badge';
import { useUrlFilters } from '../../../components/use-url-filters';
import { supabase, type AccordClient } from '../../../data/client';
import { isContactKey } from '../../../data/contact/keys';
import { useContactMessages, type ContactMessageRow } from '../../../data/contact/list-contact-messages';
import { useLiveChanges, type LiveTable } from '../../../data/realtime/use-live-changes';
import { formatCount, formatDayAndTime } from '../../../components/formats';
import { ContactMessageDetail } from './contact-message-detail';
import { DELIVERY_STATUS, HANDLED_STATUS } from './contact-message-status';

export const CONTACT_PAGE_SIZE = 20;

type HandledFilter = 'all' | 'unhandled' | 'handled';

const HANDLED_FILTERS: { value: HandledFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unhandled', label: 'To answer' },
  { value: 'handled', label: 'Handled' },
];

const TOPIC_LABELS = Object.fromEntries(CONTACT_TOPICS) as Record<ContactTopic, string>;

/** A new message, a message marked handled, an answer and its e-mail's state: all change what the inbox shows. */
const LIVE_TABLES: readonly LiveTable[] = [{ table: 'contact_messages' }, { table: 'contact_message_answers' }];

/** What the address holds for this panel; `view=contact` belongs to the page and is always written back. */
export interface ContactInboxAddress {
  topic: ContactTopic | '';
  handled: HandledFilter;
  q: string;
  page: number;
  /** The message open beside the list. */
  message: string;
}

/** Reads the address; anything it does not recognise falls back to the default (every message, page 1, none open). */
export function parseContactInboxAddress(params: URLSearchParams): ContactInboxAddress {
  const topic = params.get('topic') ?? '';
  const handled = params.get('handled') ?? '';
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const message = params.get('message') ?? '';
  return {
    topic: CONTACT_TOPICS.some(([value]) => value === topic) ? (topic as ContactTopic) : '',
    handled: handled === 'unhandled' || handled === 'handled' ? handled : 'all',
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 5000) : 1,
    message: isUuid(message) ? message : '',
  };
}

/** Writes the address, leaving defaults out but always keeping the page's `view=contact`. */
export function serializeContactInboxAddress(address: ContactInboxAddress): URLSearchParams {
  const params = new URLSearchParams({ view: 'contact' });
  if (address.topic) params.set('topic', address.topic);
  if (address.handled !== 'all') params.set('handled', address.handled);
  if (address.q) params.set('q', address.q);
  if (address.page > 1) params.set('page', String(address.page));
  if (address.message) params.set('message', address.message);
  return params;
}

export interface ContactMessagesPanelProps {
  /** Tests pass their own client; the app uses the real one. */
  client?: AccordClient;
}

/**
 * The Contact Us tab of /admin/messages: the website's Contact Us messages,
 * unhandled first, with filters by topic and state, a search, and pages, all
 * in the address (`?view=contact&topic=…&handled=…&q=…&page=…&message=<id>`);
 * one message open beside the list, answered by e-mail from there.
 */
export function ContactMessagesPanel({ client = supabase }: ContactMessagesPanelProps) {
  const { filters: address, setFilters, hrefFor } = useUrlFilters(parseContactInboxAddress, serializeContactInboxAddress, { page: 1 });
  const listHeadingId = useId();
  // What is typed shows at once; the address follows it without a history entry per key.
  const [typed, setTyped] = useState(address.q);
  useEffect(() => setTyped(address.q), [address.q]);

  const query = {
    topic: address.topic || null,
    handled: address.handled === 'all' ? null : address.handled === 'handled',
    search: address.q || null,
    page: address.page,
    pageSize: CONTACT_PAGE_SIZE,
  };
  const list = useContactMessages(query, client);
  // Everything the inbox shows comes again from the database: the list's rows carry counts and states a change's payload does not.
  const { mutate } = useSWRConfig();
  const refetch = useCallback(() => void mutate(isContactKey), [mutate]);
  const live = useLiveChanges({ name: 'contact-inbox', tables: LIVE_TABLES, onChange: refetch, onResync: refetch });
  const selected = address.message || null;
  const filtered = Boolean(address.topic || address.handled !== 'all' || address.q);

  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(20rem, 26rem) minmax(0, 1fr)' }} gap="8" alignItems="start">
      <Stack as="section" aria-labelledby={listHeadingId} gap="4" display={{ base: selected ? 'none' : 'flex', lg: 'flex' }} minW="0">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id={listHeadingId}>
            Contact Us messages
          </Heading>
          <LiveStatus status={live} />
        </Flex>
        <FilterChips
          label="Filter by state"
          options={HANDLED_FILTERS}
          value={address.handled}
          onChange={(handled) => setFilters({ handled, message: '' })}
        />
        <SearchField
          label="Search messages"
          placeholder="Name, e-mail, organisation or words"
          value={typed}
          onChange={(q) => {
            setTyped(q);
            setFilters({ q }, { replace: true });
          }}
        />
        <FilterSelect label="Topic" name="topic" value={address.topic} onChange={(topic) => setFilters({ topic: topic as ContactTopic | '', message: '' })}>
          <option value="">All topics</option>
          {CONTACT_TOPICS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </FilterSelect>
        <QueryView
          query={list}
          loading="Loading messages…"
          errorTitle="The messages could not be loaded"
          staleErrorTitle="The list could not be refreshed"
          isEmpty={(data) => data.messages.length === 0}
          empty={
            <EmptyMessage title={filtered ? 'Nothing matches' : address.page > 1 ? 'No more messages' : 'No messages yet'}>
              {filtered
                ? 'Try another topic or state, or a different search.'
                : address.page > 1
                  ? 'This page is past the end of the list.'
                  : 'Messages sent with the website’s Contact Us form appear here.'}
            </EmptyMessage>
          }
        >
          {(data) => (
            <Stack gap="4">
              <Text textStyle="sm" color="fg.muted" aria-live="polite">
                {data.total === 1 ? '1 message' : `${formatCount(data.total)} messages`}
              </Text>
              <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" aria-label="Contact Us messages">
                {data.messages.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    selected={message.id === selected}
                    onSelect={() => setFilters({ message: message.id, page: address.page })}
                  />
                ))}
              </Stack>
              {data.total > CONTACT_PAGE_SIZE ? (
                <PageNav
                  page={address.page}
                  pageCount={Math.ceil(data.total / CONTACT_PAGE_SIZE)}
                  hrefFor={(page) => hrefFor({ ...address, page, message: '' })}
                  label="Pages of Contact Us messages"
                />
              ) : null}
            </Stack>
          )}
        </QueryView>
      </Stack>

      <Box as="section" aria-label="Contact Us message" display={{ base: selected ? 'block' : 'none', lg: 'block' }} minW="0">
        {selected ? (
          <ContactMessageDetail key={selected} messageId={selected} client={client} onBack={() => setFilters({ message: '', page: address.page })} />
        ) : (
          <EmptyMessage title="Choose a message">Pick one from the list to read it and answer it by e-mail.</EmptyMessage>
        )}
      </Box>
    </Grid>
  );
}

function MessageItem({ message, selected, onSelect }: { message: ContactMessageRow; selected: boolean; onSelect: () => void }) {
  return (
    <Box as="li">
      <Box
        as="button"
        width="full"
        textAlign="start"
        borderWidth="1px"
        borderColor={selected ? 'brand.solid' : 'border'}
        bg={selected ? 'brand.subtle' : 'bg'}
        borderRadius="l3"
        p="3"
        cursor="pointer"
        _hover={{ borderColor: 'brand.solid' }}
        _focusVisible={{ outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' }}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
      >
        <Flex justify="space-between" gap="2" align="flex-start">
          <Text fontWeight="semibold" minW="0" overflowWrap="anywhere">
            {message.name}
            {message.organization ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                {' '}
                · {message.organization}
              </Text>
            ) : null}
          </Text>
          <StatusBadge status={message.handled ? 'handled' : 'new'} map={HANDLED_STATUS} />
        </Flex>
        <Text textStyle="sm" color="fg.muted">
          {TOPIC_LABELS[message.topic]} · {formatDayAndTime(message.createdAt)}
        </Text>
        <Text textStyle="sm" lineClamp={2} overflowWrap="anywhere">
          {message.preview}
        </Text>
        {message.lastDelivery ? (
          <Flex gap="2" align="center" mt="1" textStyle="xs" color="fg.muted">
            <Text>{message.answerCount === 1 ? '1 answer' : `${message.answerCount} answers`}</Text>
            <StatusBadge status={message.lastDelivery} map={DELIVERY_STATUS} size="sm" />
          </Flex>
        ) : null}
      </Box>
    </Box>
  );
}
