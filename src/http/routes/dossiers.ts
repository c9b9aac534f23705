import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../services/deps.ts';
import { createDossier, getDossier, listDossiers } from '../../services/dossiers.ts';
import { toDossier } from '../mappers.ts';
import { principalOf } from '../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';
import { CreateDossier, Dossier } from '../schemas/dossiers.ts';

export function dossierRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/dossiers', {
      schema: {
        tags: ['dossiers'], operationId: 'listDossiers', summary: 'List the firm\'s folders', description: 'Every folder of the firm, with its invoice count.', security: bearerSecurity,
        response: { 200: Type.Object({ data: Type.Array(Dossier) }), ...errorResponses(401) },
      },
    }, async (request) => ({ data: (await listDossiers(deps, principalOf(request))).map(toDossier) }));

    app.post('/dossiers', {
      schema: {
        tags: ['dossiers'], operationId: 'createDossier', summary: 'Create a folder', description: 'Answers 201 with a Location header; a name already used in the firm is a 409.', security: bearerSecurity, body: CreateDossier,
        response: { 201: Dossier, ...errorResponses(400, 401, 409) },
      },
    }, async (request, reply) => {
      const dossier = await createDossier(deps, principalOf(request), request.body);
      return reply.code(201).header('Location', `/api/v1/dossiers/${dossier.id}`).send(toDossier(dossier));
    });

    app.get('/dossiers/:id', {
      schema: {
        tags: ['dossiers'], operationId: 'getDossier', summary: 'Get one folder', description: 'Another firm\'s folder answers 404, like an unknown one.', security: bearerSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Dossier, ...errorResponses(401, 404) },
      },
    }, async (request) => toDossier(await getDossier(deps, principalOf(request), request.params.id)));
  };
}
