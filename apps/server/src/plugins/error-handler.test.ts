import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';

// An error thrown while an answer is being written (a header Node refuses) used to escape to Fastify's
// fallback handler, which sent Node's own code and message ('ERR_INVALID_CHAR', 'Invalid character in
// header content ["content-disposition"]') to the client.
describe('the one error handler', () => {
  async function appWithRoute(
    setHeader: (reply: { header: (name: string, value: string) => unknown }) => void,
  ) {
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/file', async (_request, reply) => {
      setHeader(reply);
      return reply.type('application/pdf').send(Buffer.from('%PDF-1.7'));
    });
    await app.ready();
    return app;
  }

  it.each([
    ['a file name beyond Latin-1', 'Content-Disposition', 'attachment; filename="Łukasz Żółć.pdf"'],
    ['a NUL in a header value', 'X-Note', 'a\u0000b'],
  ])('answers %s with its own 500 body, never Node’s error code or message', async (_label, name, value) => {
    const app = await appWithRoute((reply) => reply.header(name, value));
    const response = await app.inject({ method: 'GET', url: '/file' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
    });
    expect(response.body).not.toMatch(/ERR_|Invalid character/);
    expect(response.headers[name.toLowerCase()]).toBeUndefined();
    await app.close();
  });
});
