import { Type, type TSchema } from '@sinclair/typebox';
import {
  DEFAULT_TOLERANCE_SECONDS,
  MAX_HEADER_NAME_LENGTH,
  MAX_PREFIX_LENGTH,
  MAX_SECRET_LENGTH,
  MAX_TOLERANCE_SECONDS,
  SCHEMES,
} from '../../../signatures/settings.js';

/**
 * JSON shapes of signature settings (signatures/routes.ts). Named schemas: the OpenAPI document
 * lists them under components.schemas (schemas.ts registers them).
 */

const closed = { additionalProperties: false } as const;
const HeaderPair = Type.Unsafe<[string, string]>({ $ref: 'HeaderPair#' });
const Scheme = Type.Unsafe<string>({
  type: 'string',
  enum: [...SCHEMES],
  description:
    '`stripe` (Stripe-Signature, t= and v1=), `github` (X-Hub-Signature-256), `shopify` (X-Shopify-Hmac-Sha256, base64), ' +
    '`slack` (X-Slack-Signature v0 with X-Slack-Request-Timestamp), `standard-webhooks` (webhook-id, webhook-timestamp, ' +
    'webhook-signature), `svix` (the same with svix-* headers), `hmac-sha256` (a hex or base64 HMAC-SHA256 of the body in a header you name).',
});
const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const TOLERANCE = `Seconds the signed timestamp may be from the capture time (1 to ${MAX_TOLERANCE_SECONDS}, default ${DEFAULT_TOLERANCE_SECONDS}); stripe, slack, standard-webhooks and svix only.`;

/** PUT /api/v1/inboxes/:inboxId/signature */
export const SignatureSettingsInputSchema = Type.Object(
  {
    scheme: Scheme,
    secret: Type.String({
      minLength: 1,
      maxLength: MAX_SECRET_LENGTH,
      description:
        "The secret the sender signs with. stripe: the endpoint's `whsec_...` secret; standard-webhooks and svix: `whsec_` and base64 " +
        '(16 to 128 bytes); others: the string as given (no control characters, no leading or trailing space). Stored encrypted; never shown again.',
    }),
    toleranceSeconds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_TOLERANCE_SECONDS, description: TOLERANCE }),
    ),
    header: Type.Optional(
      Type.String({
        maxLength: MAX_HEADER_NAME_LENGTH,
        description: 'hmac-sha256 only, required: the header carrying the signature (e.g. X-Signature).',
      }),
    ),
    encoding: Type.Optional(
      Type.Unsafe<string>({
        type: 'string',
        enum: ['hex', 'base64'],
        description: 'hmac-sha256 only: how the digest is written (default hex).',
      }),
    ),
    prefix: Type.Optional(
      Type.String({
        maxLength: MAX_PREFIX_LENGTH,
        description: "hmac-sha256 only: text before the digest, e.g. `sha256=` (default '').",
      }),
    ),
  },
  closed,
);

export const SignatureSettingsSchema = Type.Object(
  {
    scheme: Scheme,
    secretHint: nullable(
      Type.String(),
      'The last 4 characters of the secret (after `whsec_…` for such secrets) when it has at least 24; else null. The secret itself is never returned.',
    ),
    toleranceSeconds: nullable(Type.Integer(), `${TOLERANCE} Null for the other schemes.`),
    header: nullable(Type.String(), 'hmac-sha256: the signature header; null for the other schemes.'),
    encoding: nullable(
      Type.Unsafe<string>({ type: 'string', enum: ['hex', 'base64'] }),
      'hmac-sha256: hex or base64; null for the other schemes.',
    ),
    prefix: nullable(Type.String(), "hmac-sha256: text before the digest ('' for none); null for the other schemes."),
    updatedAt: Type.String({ format: 'date-time', description: 'When the settings were last set.' }),
  },
  { $id: 'SignatureSettings', description: "An inbox's signature settings, without the secret.", ...closed },
);

export const ResignedHeadersSchema = Type.Object(
  {
    scheme: Scheme,
    headers: Type.Array(HeaderPair, {
      description:
        "The signature headers to set on the event for a delivery now, in the providers' usual spelling: they replace " +
        "headers of the same names (case-insensitive). A fresh timestamp; standard-webhooks and svix keep the event's message id.",
    }),
  },
  { $id: 'ResignedHeaders', description: 'A fresh signature of an event.', ...closed },
);

export const SIGNATURE_SCHEMAS: readonly TSchema[] = [SignatureSettingsSchema, ResignedHeadersSchema];
