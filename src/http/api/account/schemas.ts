import { type Static, Type } from '@sinclair/typebox';

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

/** A signed-in browser of the account, as Settings lists it. */
export const AccountSessionSchema = Type.Object(
  {
    id: Type.String({ description: 'Session id (ses_...), used to sign it out. Not a credential.' }),
    createdAt: Timestamp('When the browser signed in.'),
    lastSeenAt: Timestamp('Its last request (recorded at most once a minute).'),
    expiresAt: Timestamp('When it ends by itself.'),
    userAgent: Type.Union([Type.String(), Type.Null()], {
      description: 'The browser’s User-Agent at sign-in (at most 256 characters), or null.',
    }),
    current: Type.Boolean({ description: 'True for the session this request was made with.' }),
  },
  { $id: 'AccountSession', description: 'A signed-in browser session of the account.', additionalProperties: false },
);

export type AccountSessionJson = Static<typeof AccountSessionSchema>;

export const ACCOUNT_SCHEMAS = [AccountSessionSchema];
