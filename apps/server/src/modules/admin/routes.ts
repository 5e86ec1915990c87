import {
  auditEventsQuerySchema,
  auditEventsSchema,
  auditLogSchema,
  auditQuerySchema,
  commandRequestSchema,
  commandResultSchema,
  dashboardSchema,
  staffListSchema,
  staffMemberParamsSchema,
} from '@prison/shared/admin';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Secrets } from '../../data-dir.ts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import type { LiveHub } from '../../live/hub.ts';
import { authenticate, requireStaff } from '../../plugins/authenticate.ts';
import { clientKey } from '../../plugins/client-address.ts';
import type { SessionSockets } from '../../plugins/sockets.ts';
import { isAdminHost } from '../../plugins/web-app.ts';
import { RconClient, type RconTarget } from '../../rcon/client.ts';
import type { CommandSender } from '../../rcon/commands.ts';
import { listStaffAccounts } from '../auth/accounts.ts';
import type { StaffPower } from '../auth/staff-roles.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { resetTwoFactor } from '../auth/two-factor.ts';
import { punishmentAdminRoutes } from '../punishments/admin-routes.ts';
import { bridgeCredentialRoutes } from './bridge-credential-routes.ts';
import { bridgeInspectorRoutes } from './bridge-inspector-routes.ts';
import { commandLog, DASHBOARD_TOPIC, dashboardBuilder, readAuditEvents, runCommand } from './service.ts';
import { webhookRoutes } from './webhook-routes.ts';

// Per staff member; each server process counts on its own (the limiter keeps its counts in memory).
export const COMMANDS_PER_MINUTE = 20;

/**
 * Where staff commands go: RCON_HOST and RCON_PORT, with RCON_PASSWORD (in demo mode the generated
 * one). Read at each connection: in demo mode main.ts fills in the port the simulator listens on.
 */
export function rconTarget(config: Config, secrets: Secrets): RconTarget | null {
  const password = config.rcon.password ?? secrets.rconPassword;
  if (!config.rcon.port || !password) return null;
  return { host: config.rcon.host, port: config.rcon.port, password };
}

/** The first reason zod gave, as the console shows it (spec 8: the server's detail). */
function validationDetail(request: FastifyRequest): string {
  const issues = (request.validationError as { validation?: { message?: string }[] }).validation ?? [];
  return issues[0]?.message ?? 'Invalid request';
}

export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  tokens: AccessTokens;
  config: Config;
  secrets: Secrets;
  /** Tests may pass their own; by default one connection to the configured game server. */
  rcon?: CommandSender & { close(): Promise<void> };
  /** The sockets of signed-in sessions (the moderation feed joins them). */
  sessionSockets: SessionSockets;
}> = async (app, { db, hub, tokens, config, secrets, rcon: given, sessionSockets }) => {
  hub.define(DASHBOARD_TOPIC, dashboardBuilder(db));
  // With ADMIN_HOSTS set the admin API lives on those hosts alone: elsewhere it is not there at all,
  // answered as an unknown endpoint is, before any token is looked at.
  if (config.adminHosts.length > 0) {
    app.addHook('onRequest', async (request) => {
      if (!isAdminHost(request, config.adminHosts)) {
        throw notFound(
          'no_such_endpoint',
          `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
        );
      }
    });
  }
  const rcon = given ?? new RconClient({ target: () => rconTarget(config, secrets) });
  app.addHook('onClose', async () => rcon.close());

  // Spec 6: ADMIN, OWNER or WEB_ADMIN in any case; 401 signed out, 403 for anyone else. A new array
  // per route: @fastify/rate-limit appends its hook to the route's own, and must not reach the others.
  // With STAFF_2FA=required, also only a session that passed a second factor (modules/auth/staff.ts).
  const staffOnly = (power: StaffPower = 'console') => [
    authenticate(tokens),
    requireStaff(db, power, config.staffTwoFactorRequired),
  ];
  // 404: on a host that is not one of ADMIN_HOSTS, when they are set.
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 503: errorSchema };

  app.get(
    '/api/admin/dashboard',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'getAdminDashboard',
        tags: ['admin'],
        summary: 'The operations dashboard (ADMIN, OWNER or WEB_ADMIN)',
        description:
          'Online count (null when the game server has been silent for 60 s), XP over the last hour ' +
          'and day with the 24 hourly points, active and total players and the economy total (these ' +
          'three counters are at most 30 s old), the 10 newest events, the 6 richest players and the 5 largest gang ' +
          'treasuries. Answered from a live snapshot rebuilt when the game reports a change.',
        security: [{ playerToken: [] }],
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async () => hub.current(DASHBOARD_TOPIC),
  );

  app.post(
    '/api/admin/command',
    {
      onRequest: staffOnly(),
      // Counted after the sign-in and role checks, per staff member rather than per address.
      config: {
        rateLimit: {
          max: COMMANDS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `staff:${request.auth?.uuid ?? clientKey(request.ip)}`,
        },
      },
      // The first reason alone is the detail (spec 8: the console shows it as is).
      attachValidation: true,
      schema: {
        operationId: 'runGameCommand',
        tags: ['admin'],
        summary: 'Send a console command to the game server over RCON (ADMIN, OWNER or WEB_ADMIN)',
        description:
          'The command is trimmed (empty: 400). When RCON_ALLOW is set, its first word must be listed ' +
          `(403). At most ${COMMANDS_PER_MINUTE} commands a minute per staff member (429). 503 when RCON ` +
          'is not configured, the game server cannot be reached, refuses the password or does not answer ' +
          'in time. Every command is written to the audit log, refused and failed ones included.',
        security: [{ playerToken: [] }],
        body: commandRequestSchema,
        response: { 200: commandResultSchema, 400: errorSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) => {
      if (request.validationError) throw invalid('invalid_request', validationDetail(request));
      return runCommand(db, rcon, config.rcon.allow, request.auth!.uuid, request.body.command, request.log);
    },
  );

  app.get(
    '/api/admin/commands',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'listGameCommands',
        tags: ['admin'],
        summary: 'The audit log of staff commands, newest first (ADMIN, OWNER or WEB_ADMIN)',
        description:
          'Who sent what and when, with the output or the reason it failed or was refused. An entry ' +
          'with neither was sent but its answer never recorded.',
        security: [{ playerToken: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditLogSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => commandLog(db, request.query.limit),
  );

  app.get(
    '/api/admin/audit',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'getAuditLog',
        tags: ['admin'],
        summary: 'The audit log of every staff action, newest first (ADMIN, OWNER or WEB_ADMIN)',
        description:
          'Who did what, when, to what, and how it went: doc changes, RCON commands, two-factor ' +
          'enrolment and removal, staff sign-ins and failed second factors, roles set from the ' +
          'command line (actor null). Filter by `actor` (a name in any case, a uuid, or "command line") ' +
          "and `action`. Pages: pass the answer's `next` as `before` for the older entries; `next` is " +
          'null on the last page. Rows are never changed or deleted.',
        security: [{ playerToken: [] }],
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventsSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => readAuditEvents(db, request.query),
  );

  app.get(
    '/api/admin/staff',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'listStaffAccounts',
        tags: ['admin'],
        summary: 'Every account holding a staff role, with its two-factor state (ADMIN, OWNER or WEB_ADMIN)',
        security: [{ playerToken: [] }],
        response: { 200: staffListSchema, ...errors },
      },
    },
    async () => ({ staff: await listStaffAccounts(db) }),
  );

  app.post(
    '/api/admin/staff/:uuid/2fa/reset',
    {
      onRequest: staffOnly('owner'),
      schema: {
        operationId: 'resetStaffTwoFactor',
        tags: ['admin'],
        summary: "Clear a member's two-factor sign-in (OWNER only)",
        description:
          'For a member who has lost both their authenticator and their recovery codes: their ' +
          'two-factor secret and recovery codes are removed and every session of theirs is signed out; ' +
          'they sign in with their password and enrol again. Audited. 404 for an unknown player, 409 ' +
          'when two-factor sign-in is not on.',
        security: [{ playerToken: [] }],
        params: staffMemberParamsSchema,
        response: { 200: staffListSchema, 400: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      await resetTwoFactor(db, { uuid: request.params.uuid }, request.auth!.uuid);
      return { staff: await listStaffAccounts(db) };
    },
  );

  await app.register(bridgeCredentialRoutes, { db, ownerOnly: () => staffOnly('owner') });
  await app.register(webhookRoutes, { db, config, ownerOnly: () => staffOnly('owner') });
  await app.register(bridgeInspectorRoutes, { db, staffOnly: () => staffOnly() });
  await app.register(punishmentAdminRoutes, {
    db,
    channel: { via: config.punishVia, rcon, commands: config.punishmentCommands, allow: config.rcon.allow },
    staffOnly: () => staffOnly(),
    live: { hub, tokens, sessionSockets, config },
  });
};
