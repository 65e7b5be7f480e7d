import type { Area, UnreadSlot } from '../../app/routes';

/**
 * The unread counts an area's side navigation shows beside Messages and
 * Notifications. Nothing is counted yet: the inbox arrives with later work,
 * which fills this hook (with its query and keys in this folder) and leaves
 * the navigation as it is (decision 032).
 */
export function useUnreadCounts(area: Area): Partial<Record<UnreadSlot, number>> {
  void area;
  return {};
}
