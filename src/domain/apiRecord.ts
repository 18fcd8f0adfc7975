/**
 * A record as the API sends it: `_id` and its fields. The server's catalogue answers and the data
 * provider (which exposes `_id` to react-admin as `id`) share this one type.
 */
export type ApiRecord = { _id: string } & Record<string, unknown>;
