/** Ids are 24-character lower-case hexadecimal strings (ObjectId style); the breadcrumb relies on it. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
