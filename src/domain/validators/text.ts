/**
 * Rules every free-text input shares, on both sides: no control characters (a NUL byte cannot be
 * stored by PostgreSQL, and the others have no business in a name or an e-mail), and one maximum
 * length per field kind, so that whatever can be created can also be typed again, logged in with
 * and indexed. Tab, line feed and carriage return are allowed (multi-line texts such as messages).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/**
 * A text that becomes part of a mail header (the contact form's name, in the subject) allows no
 * control character at all: a CR or LF there would end the header and let the sender add headers of
 * their own ('Bcc: …').
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001F\u007F]/;

export const hasHeaderUnsafeCharacters = (value: string): boolean => HEADER_UNSAFE.test(value);

/** Maximum lengths, in characters, by field kind. */
export const MAX_LENGTH = {
  /** Names of catalogue records, people and companies. */
  name: 120,
  /** Razão social. */
  legalName: 200,
  /** RFC 5321 limit of a forward path. */
  email: 254,
  /** Passwords; login accepts the same maximum, so every password that can be set can be used. */
  password: 200,
  /** Reset codes. */
  code: 12,
  /** Short free texts (contact names, descriptions on one line). */
  text: 500,
  /** Long free texts (messages, observations). */
  longText: 5000,
} as const;

/** The same rule as a JSON-schema `pattern`, for the server's route schemas (Ajv compiles it with the u flag). */
export const NO_CONTROL_CHARACTERS_PATTERN = `^[^${CONTROL_CHARACTERS.source.slice(1, -1)}]*$`;
