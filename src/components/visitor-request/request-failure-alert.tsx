import { Alert } from '@chakra-ui/react';

import type { VisitorRequestFailure } from '../../../machines/visitor-request.machine';
import { ContactLink } from '../contact-link';

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
              We have received several from this e-mail address in the last hour, so we will not accept more for now.
              Please try again in an hour, or write to us at <ContactLink />.
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
