import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../../services/deps.ts';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks } from '../../services/webhooks.ts';
import { toDelivery, toWebhook } from '../mappers.ts';
import { principalOf } from '../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../schemas/common.ts';
import { CreateWebhook, CreatedWebhook, DeliveryList, PageQuery, Webhook, WebhookIdParams, WebhookList } from '../schemas/webhooks.ts';

export function webhookRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/webhooks', {
      schema: {
        tags: ['webhooks'], operationId: 'createWebhook', summary: 'Register a webhook (its signing secret is shown once)',
        description: 'The URL receives a signed POST (Standard Webhooks) for each subscribed event. A URL that is not http(s), '
          + 'or whose host is or resolves to a private, loopback or reserved address, answers 422.', security: bearerSecurity,
        body: CreateWebhook, response: { 201: CreatedWebhook, ...errorResponses(400, 401, 422) },
      },
    }, async (request, reply) => {
      const { webhook, secret } = await createWebhook(deps, principalOf(request), request.body);
      reply.header('Location', `/api/v1/webhooks/${webhook.id}`);
      return reply.code(201).send({ ...toWebhook(webhook), secret });
    });

    app.get('/webhooks', {
      schema: {
        tags: ['webhooks'], operationId: 'listWebhooks', summary: 'List the firm\'s webhooks, newest first',
        description: 'Pages of 25 by default (per_page up to 100); never the secrets.', security: bearerSecurity,
        querystring: PageQuery, response: { 200: WebhookList, ...errorResponses(400, 401) },
      },
    }, async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await listWebhooks(deps, principalOf(request), { page, perPage: per_page });
      return { data: rows.map(toWebhook), meta: { total, page, per_page } };
    });

    app.get('/webhooks/:id', {
      schema: {
        tags: ['webhooks'], operationId: 'getWebhook', summary: 'Get one webhook (without its secret)',
        description: 'Another firm\'s webhook answers 404.', security: bearerSecurity,
        params: WebhookIdParams, response: { 200: Webhook, ...errorResponses(401, 404) },
      },
    }, async (request) => toWebhook(await getWebhook(deps, principalOf(request), request.params.id)));

    app.delete('/webhooks/:id', {
      schema: {
        tags: ['webhooks'], operationId: 'deleteWebhook', summary: 'Delete a webhook and its delivery log',
        description: 'Answers 204; pending deliveries are not attempted again. Another firm\'s webhook answers 404.', security: bearerSecurity,
        params: WebhookIdParams, response: { 204: Type.Null(), ...errorResponses(401, 404) },
      },
    }, async (request, reply) => {
      await deleteWebhook(deps, principalOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    app.get('/webhooks/:id/deliveries', {
      schema: {
        tags: ['webhooks'], operationId: 'listWebhookDeliveries', summary: 'The webhook\'s delivery log, newest first',
        description: 'Each delivery with its event, status, attempt count, last answer or error, next attempt and every attempt made.',
        security: bearerSecurity, params: WebhookIdParams, querystring: PageQuery, response: { 200: DeliveryList, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await listDeliveries(deps, principalOf(request), request.params.id, { page, perPage: per_page });
      return { data: rows.map(toDelivery), meta: { total, page, per_page } };
    });
  };
}
