import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authenticatePlugin, MissingRouteRuleError } from './authenticate.plugin';

describe('every API route declares who may call it', () => {
  const build = async () => {
    const app = Fastify();
    await app.register(authenticatePlugin, {
      db: {} as never,
      verifyAccessToken: async () => ({ sub: 'nobody' }),
      canReach: () => false,
    });
    return app;
  };

  it('refuses to start with an API route that has no access rule', async () => {
    const app = await build();
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(MissingRouteRuleError);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(
      /GET \/api\/forgotten has no access rule/,
    );
  });

  it('accepts public, authenticated and permission rules, and routes outside /api', async () => {
    const app = await build();
    expect(() => app.get('/api/open', { config: { auth: 'public' } }, async () => ({}))).not.toThrow();
    expect(() => app.get('/api/mine', { config: { auth: 'authenticated' } }, async () => ({}))).not.toThrow();
    expect(() =>
      app.get('/api/guarded', { config: { permission: 'clinic:read' } }, async () => ({})),
    ).not.toThrow();
    expect(() => app.get('/interaction/x', async () => ({}))).not.toThrow();
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/guarded' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
  });
});
