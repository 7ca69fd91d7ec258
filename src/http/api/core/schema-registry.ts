import type { TSchema } from '@sinclair/typebox';
import { ACCOUNT_SCHEMAS } from '../account/schemas.js';
import { ALERT_SCHEMAS } from '../alerts/schemas.js';
import { AUDIT_SCHEMAS } from '../audit/schemas.js';
import { DIFF_SCHEMAS } from '../diff/schemas.js';
import { EXPORT_SCHEMAS } from '../export/schemas.js';
import { FORWARDING_SCHEMAS } from '../forwarding/schemas.js';
import { REPLAY_JOB_SCHEMAS } from '../replay-jobs/schemas.js';
import { RESPONSE_SCHEMAS } from '../responses/schemas.js';
import { SIGNATURE_SCHEMAS } from '../signatures/schemas.js';
import { TEAM_SCHEMAS } from '../teams/schemas.js';
import {
  AccountSchema,
  CreatedShareSchema,
  CreatedTokenSchema,
  DriftDifferenceSchema,
  ErrorBodySchema,
  ErrorCodeSchema,
  ErrorMessageSchema,
  EventAnswerSchema,
  EventDetailSchema,
  EventMetaSchema,
  EventSignatureSchema,
  EventSummarySchema,
  HeaderPairSchema,
  InboxSchema,
  ReplayRequestSchema,
  ReplaySchema,
  ReplaySummarySchema,
  SessionSchema,
  ShareSchema,
  TokenSchema,
} from './schemas.js';

/** Every named schema, registered with the app so the document lists them as components. */
export const NAMED_SCHEMAS: readonly TSchema[] = [
  HeaderPairSchema,
  InboxSchema,
  DriftDifferenceSchema,
  EventSignatureSchema,
  EventAnswerSchema,
  EventSummarySchema,
  EventDetailSchema,
  EventMetaSchema,
  ReplayRequestSchema,
  ReplaySchema,
  ReplaySummarySchema,
  TokenSchema,
  CreatedTokenSchema,
  ShareSchema,
  CreatedShareSchema,
  AccountSchema,
  SessionSchema,
  ErrorCodeSchema,
  ErrorMessageSchema,
  ErrorBodySchema,
  ...RESPONSE_SCHEMAS,
  ...SIGNATURE_SCHEMAS,
  ...EXPORT_SCHEMAS,
  ...FORWARDING_SCHEMAS,
  ...ALERT_SCHEMAS,
  ...REPLAY_JOB_SCHEMAS,
  ...ACCOUNT_SCHEMAS,
  ...TEAM_SCHEMAS,
  ...AUDIT_SCHEMAS,
  ...DIFF_SCHEMAS,
];
