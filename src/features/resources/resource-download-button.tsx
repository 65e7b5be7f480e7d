import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';

import { errorMessage } from '../../components/query-view';
import { showToast } from '../../components/toast';
import type { AccordClient } from '../../data/client';
import { createResourceUrl } from '../../data/resources/create-resource-url';
import type { ResourceVersion } from '../../data/resources/list-resources';

export interface ResourceDownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
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
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      window.location.assign(await createResourceUrl(client, version.objectPath, version.fileName));
    } catch (failure) {
      showToast({ type: 'error', title: 'The file was not downloaded', description: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void download()} loading={busy} loadingText="Preparing…" {...rest}>
      {label}
    </Button>
  );
}
