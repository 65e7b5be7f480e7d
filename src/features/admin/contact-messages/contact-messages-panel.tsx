// Temporary stand-in so this branch builds; the Contact Us panel is built in parallel and replaces this file at merge.
export function ContactMessagesPanel() {
  return <p>Contact Us messages appear here.</p>;
}
