import { Type } from 'typebox';
import { Timestamp } from './common.ts';

export const ApiToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  expires_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()]),
  revoked_at: Type.Union([Timestamp, Type.Null()]),
});

export const CreateToken = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  expires_in_days: Type.Integer({ minimum: 1, maximum: 365, default: 90 }),
}, { additionalProperties: false });

export const CreatedToken = Type.Object({
  ...ApiToken.properties,
  access_token: Type.String({ description: 'Shown once; store it as a secret' }),
  token_type: Type.Literal('Bearer'),
});
