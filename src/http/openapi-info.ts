export const openApiInfo = {
  openapi: '3.1.0',
  info: {
    title: 'Invoice Service API',
    version: '1.0.0',
    description: 'Collect supplier invoices and get them back as structured, checked data. Errors are RFC 9457 application/problem+json.',
    license: { name: 'MIT', identifier: 'MIT' },
    contact: { name: 'Invoice Service maintainers' },
  },
  // Relative: the API is served by the same origin as this document, wherever it is deployed.
  servers: [{ url: '/', description: 'The server that serves this document' }],
  components: {
    securitySchemes: { bearerAuth: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } },
  },
  tags: [
    { name: 'auth', description: 'Tokens' },
    { name: 'dossiers', description: 'Folders' },
    { name: 'invoices', description: 'Invoices' },
    { name: 'exports', description: 'Export batches to accounting (FEC, CSV)' },
    { name: 'tokens', description: 'Named API tokens (Settings > API)' },
    { name: 'webhooks', description: 'Signed webhooks (Standard Webhooks) and their delivery log' },
    { name: 'health', description: 'Probes' },
  ],
};
