/** What a person is told when the typed code is not six digits. */
export const CODE_SHAPE_MESSAGE = 'Enter the six digits your authenticator app shows, without spaces.';

/** The six digits, with the spaces and dashes some apps show (123 456) taken out; null if that is not six digits. */
export function sixDigitCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
