/**
 * The mission chat's answers as JSON Schema (ChatMessage is its type), for the chat
 * contracts (chatContracts.ts): the API description and the serializer, so a message leaves with
 * these fields only (providers read the chat: docs/rules/missions.md, provider confidentiality).
 */
import { ROLE_TYPES } from '../roles';
import { CHAT_TYPES } from './types';
import type { FromSchema } from '../fromSchema';
import { text } from '../jsonSchemaParts';


const messageProperties = {
  _id: text,
  missionRequest: text,
  message: text,
  sender: { type: 'string', enum: ROLE_TYPES },
  senderUser: text,
  senderName: text,
  type: { type: 'string', enum: ['text', 'attachment'] },
  chatType: { type: 'string', enum: CHAT_TYPES },
  attachment: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['file', 'mime', 'size', 'name'],
    properties: { file: text, mime: text, size: { type: 'integer', minimum: 0 }, name: { type: ['string', 'null'] } },
  },
  createdAt: { type: 'string', format: 'date-time' },
} as const;

export const chatMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(messageProperties),
  properties: messageProperties,
} as const;

/** A chat message (docs/rules/missions.md), as its answer's schema says. `senderUser` is who may delete it (docs/rules/tenancy-and-roles.md: its sender only). */
export type ChatMessage = FromSchema<typeof chatMessageSchema>;

/** A message's file; `name` is the one the sender's file had (cleanFileName), null for files sent before names were kept. */
export type ChatAttachment = NonNullable<ChatMessage['attachment']>;

export const CHAT_RESPONSES = {
  messages: { 200: { type: 'array', items: chatMessageSchema, description: 'As mensagens da missão, da mais antiga.' } },
  sent: { 201: { ...chatMessageSchema, description: 'A mensagem enviada.' } },
  removed: {
    200: { type: 'object', additionalProperties: false, required: ['_id'], properties: { _id: text }, description: 'A mensagem apagada.' },
  },
} as const;
