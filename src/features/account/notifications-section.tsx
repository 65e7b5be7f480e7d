import { Box, Flex, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { QueryView } from '../../components/query-view';
import { showToast } from '../../components/toast';
import type { AccordClient } from '../../data/client';
import { errorMessage } from '../../components/query-view';
import { useNotificationPreferences, type NotificationPreference } from '../../data/notifications/list-notification-preferences';
import type { NotificationKind } from '../../data/notifications/list-notifications';
import { setNotificationPreference } from '../../data/notifications/set-notification-preference';

/** Each kind in plain words: what it is about and who gets it (decisions 046 and 049). */
export const NOTIFICATION_KINDS: Record<NotificationKind, { label: string; description: string }> = {
  billing_reminder: {
    label: 'Payment reminders',
    description: 'An invoice of your organisation is about to fall due, is due today, or is overdue. Sent to the organisation’s administrators.',
  },
  payment_received: {
    label: 'Card payment receipts',
    description: 'A card payment for an invoice of your organisation is received. Sent to the organisation’s administrators.',
  },
  invoice_issued: {
    label: 'Invoices and credit notes',
    description: 'The network issues an invoice or credit note to your organisation, or sends one again. Sent to the organisation’s administrators.',
  },
  network_reply: {
    label: 'Answers from the network',
    description: 'An administrator of the network writes in one of your organisation’s conversations.',
  },
  application_decided: {
    label: 'Application decided',
    description:
      'Your organisation’s application to join the network is approved or not approved. The organisation’s administrators are always sent the decision by e-mail.',
  },
  application_changes_requested: {
    label: 'Changes requested to the application',
    description:
      'The network asks for changes to your organisation’s application. The organisation’s administrators are always sent the request by e-mail.',
  },
  registry_status_changed: {
    label: 'Registry status changed',
    description: 'Your organisation is suspended, revoked or active again in the trust registry.',
  },
  colleague_joined: {
    label: 'A colleague joined',
    description: 'Someone becomes a member of your organisation.',
  },
  colleague_left: {
    label: 'A colleague left',
    description: 'Someone leaves your organisation or is removed from it.',
  },
  invitation_accepted: {
    label: 'Your invitation accepted',
    description: 'Someone you invited accepts and joins your organisation.',
  },
};

/** The order the settings list them in: what asks something of the person first. */
const ORDER = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/**
 * Settings → Notifications: for each kind, whether it also comes by e-mail.
 * Every notification is on /dashboard/notifications whatever is chosen here.
 * Each switch saves on its own (set_notification_preference), says so in a
 * toast, and on failure goes back to what is saved and says why.
 */
export function NotificationsSection({ userId, client }: { userId: string; client: AccordClient }) {
  const query = useNotificationPreferences(userId, client);
  return (
    <QueryView query={query} loading="Loading your notification choices…" errorTitle="Your notification choices could not be loaded">
      {(preferences) => (
        <Stack as="ul" listStyleType="none" ms="0" gap="0" borderWidth="1px" borderColor="border.muted" rounded="l3">
          {ORDER.map((kind) => {
            const preference = preferences.find((p) => p.kind === kind);
            return preference ? (
              <KindRow key={kind} preference={preference} client={client} onSaved={() => void query.mutate()} />
            ) : null;
          })}
        </Stack>
      )}
    </QueryView>
  );
}

function KindRow({ preference, client, onSaved }: { preference: NotificationPreference; client: AccordClient; onSaved: () => void }) {
  const words = NOTIFICATION_KINDS[preference.kind];
  // What the switch shows while a save is in flight; null: what is saved.
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped after a failure: the switch is drawn afresh from what is saved, even where the
  // click's own toggle and the saved value look alike to it.
  const [revision, setRevision] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // Focus stays on the switch the person used.
  useEffect(() => {
    if (revision > 0) input.current?.focus();
  }, [revision]);
  const checked = pending ?? preference.email;
  const descriptionId = `notification-kind-${preference.kind}`;

  const save = async (email: boolean) => {
    setPending(email);
    setError(null);
    try {
      await setNotificationPreference(client, preference.kind, email);
      onSaved();
      showToast({
        type: 'success',
        title: email ? 'E-mail turned on' : 'E-mail turned off',
        description: email ? `We will e-mail you: ${words.label}.` : `We will no longer e-mail you: ${words.label}.`,
      });
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      setRevision((n) => n + 1);
      showToast({ type: 'error', title: 'Your choice could not be saved', description: message });
    } finally {
      setPending(null);
    }
  };

  return (
    <Box as="li" px={{ base: '3', md: '4' }} py="3" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: '0' }}>
      <Flex gap="4" justify="space-between" align="start">
        <Stack gap="0.5" minW="0">
          <Text fontWeight="medium">{words.label}</Text>
          <Text id={descriptionId} textStyle="sm" color="fg.muted">
            {words.description}
          </Text>
          {error ? (
            <Text textStyle="sm" color="fg.error" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
        <Switch.Root
          key={revision}
          checked={checked}
          disabled={pending !== null}
          onCheckedChange={(details) => void save(details.checked)}
          flexShrink={0}
          colorPalette="brand"
        >
          <Switch.HiddenInput ref={input} role="switch" aria-describedby={descriptionId} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label textStyle="sm">
            {/* Heard as one name ("E-mail me: A colleague joined"); a hidden suffix beside the visible words would be read with a break in it. */}
            <span aria-hidden="true">E-mail me</span>
            <Box as="span" srOnly>{`E-mail me: ${words.label}`}</Box>
          </Switch.Label>
        </Switch.Root>
      </Flex>
    </Box>
  );
}
