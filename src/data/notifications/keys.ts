/** SWR keys of the signed-in person's notifications, so a command or a live change can name what it changed. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** One section of the list: unread or read (decision 046). */
  list: (userId: string, section: 'unread' | 'read') => ['notifications', 'list', userId, section] as const,
  unreadCount: (userId: string) => ['notifications', 'unread-count', userId] as const,
  preferences: (userId: string) => ['notifications', 'preferences', userId] as const,
};
