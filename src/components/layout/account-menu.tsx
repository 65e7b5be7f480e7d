import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

import { AccountMenuButtonFace } from './nav-links';

export interface AccountMenuProps {
  email: string;
  /** Their account settings page in their own area, if they have one (decision 042). */
  settingsPath?: string | null;
  onSignOut: () => void;
}

/** The signed-in user's menu: their e-mail, their account settings and Sign Out. Loaded only once someone is signed in. */
export default function AccountMenu({ email, settingsPath = null, onSignOut }: AccountMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" gap="1" aria-label="Account menu">
          <AccountMenuButtonFace email={email} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" maxW="xs">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted">
                Signed in as
              </Menu.ItemGroupLabel>
              <Text px="2" pb="2" fontWeight="medium" textStyle="sm" truncate title={email}>
                {email}
              </Text>
            </Menu.ItemGroup>
            <Menu.Separator />
            {settingsPath ? (
              <Menu.Item value="settings" asChild>
                <RouterLink to={settingsPath}>Account settings</RouterLink>
              </Menu.Item>
            ) : null}
            <Menu.Item value="sign-out" onSelect={onSignOut}>
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
