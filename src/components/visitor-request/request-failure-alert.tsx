import { Alert } from '@chakra-ui/react';

import type { RateLimitScope, VisitorRequestFailure } from '../../../machines/visitor-request.machine';
import { ContactLink } from '../contact-link';

/** Why the form is not taking more for now, per limit (docs/decisions/026-public-form-limits.md). */
const LIMIT_REACHED: Record<RateLimitScope, { reason: string; when: string }> = {
  address: {
    reason: 'We have received several from this e-mail address in the last hour, so we will not accept more from it for now.',
    when: 'Please try again in an hour',
  },
  network: {
    reason:
      'We have received several from your internet connection in the last hour (perhaps from others who share it), so we will not accept more from it for now.',
    when: 'Please try again in an hour',
  },
  everyone: {
    reason: 'We are receiving more than we can take in just now, so we are not accepting more for the moment.',
    when: 'Please try again later',
  },
};

/**
 * Why a visitor's form was not sent, above the form. Everything typed is still
 * in the fields, and the Send button sends it again.
 */
export function RequestFailureAlert({
  failure,
  title,
  sendLabel,
}: {
  failure: VisitorRequestFailure;
  /** e.g. "Your request was not sent". */
  title: string;
  /** The button's label, so the alert can say which button sends it again. */
  sendLabel: string;
}) {
  return (
    <Alert.Root status={failure.kind === 'rateLimited' ? 'warning' : 'error'} role="alert" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {failure.kind === 'rateLimited' ? (
            <>
              {LIMIT_REACHED[failure.scope].reason} Everything you typed is still here. {LIMIT_REACHED[failure.scope].when}, or
              write to us at <ContactLink />.
            </>
          ) : (
            <>
              {failure.message} Everything you typed is still here: press “{sendLabel}” to try again.
            </>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
