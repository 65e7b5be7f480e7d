import { Badge, type BadgeProps } from '@chakra-ui/react';

/** A status's words and colour. The words carry the meaning; the colour only repeats it. */
export interface StatusLook {
  label: string;
  palette: string;
}

export type StatusMap<Status extends string> = Record<Status, StatusLook>;

export interface StatusBadgeProps<Status extends string> extends Omit<BadgeProps, 'children' | 'colorPalette'> {
  status: Status;
  map: StatusMap<Status>;
}

/** One badge for every status in the app, fed by the map of its kind (applications, invitations, registry). */
export function StatusBadge<Status extends string>({ status, map, ...rest }: StatusBadgeProps<Status>) {
  const { label, palette } = map[status];
  return (
    <Badge colorPalette={palette} variant="subtle" flexShrink={0} {...rest}>
      {label}
    </Badge>
  );
}
