import { Type } from 'typebox';
import { Timestamp } from './common.ts';

export const Dossier = Type.Object({
  id: Type.String({ examples: ['dos_01hzy3k9x6m2c4v8b0n5q7r1t3'] }),
  name: Type.String(),
  invoice_count: Type.Integer(),
  created_at: Timestamp,
});

export const CreateDossier = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
}, { additionalProperties: false });
