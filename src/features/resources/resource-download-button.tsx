import type { ButtonProps } from '@chakra-ui/react';

import { OpenFileButton } from '../../components/open-file';
import type { AccordClient } from '../../data/client';
import { createResourceUrl } from '../../data/resources/create-resource-url';
import type { ResourceVersion } from '../../data/resources/list-resources';

export interface ResourceDownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'loading'> {
  client: AccordClient;
  version: ResourceVersion;
  /** The button's words; the file's name follows for screen readers when it is not shown. */
  label: string;
}

/**
 * Downloads a file through a signed URL that works for a minute. The URL asks
 * Storage for `Content-Disposition: attachment`, so pointing this window at it
 * saves the file without leaving the page (and no pop-up is needed).
 */
export function ResourceDownloadButton({ client, version, label, ...rest }: ResourceDownloadButtonProps) {
  return (
    <OpenFileButton
      sign={() => createResourceUrl(client, version.objectPath, version.fileName)}
      target="here"
      failureToast="The file was not downloaded"
      loadingText="Preparing…"
      {...rest}
    >
      {label}
    </OpenFileButton>
  );
}
