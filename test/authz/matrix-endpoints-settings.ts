// How the matrix calls the endpoints of an inbox's settings (forwarding, alerts, signature,
// response, event types), and what must hold afterwards; matrix-endpoints.ts adds them to ENDPOINTS.
import { bearer, call } from './support.js';
import { type Endpoint, responseAfter, signatureAfter } from './matrix-targets.js';

export const SETTINGS_ENDPOINTS = {
  'PUT /api/v1/inboxes/:id/forwarding': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, {
        method: 'PUT',
        authorization,
        json: { destination: 'https://forward.example.test/hooks' },
      }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, {
        authorization: bearer(env.A.token),
      });
      const set = shown.status === 200 && shown.body?.data?.forwarding != null;
      return set === (reply.status === 200)
        ? null
        : `${reply.status}, yet the owner reads the forwarding as ${shown.status} ${shown.text}`;
    },
  },
  'GET /api/v1/inboxes/:id/forwarding': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/forwarding': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, { method: 'DELETE', authorization }),
  },
  'PUT /api/v1/inboxes/:id/alerts': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, {
        method: 'PUT',
        authorization,
        json: { rules: [{ name: 'm', kind: 'event', url: 'https://alerts.example.test/hooks' }] },
      }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, {
        authorization: bearer(env.A.token),
      });
      const set = shown.status === 200 && shown.body?.data?.rules?.length === 1;
      return set === (reply.status === 200)
        ? null
        : `${reply.status}, yet the owner reads ${shown.status} ${shown.text}`;
    },
  },
  'GET /api/v1/inboxes/:id/alerts': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/alerts': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, { method: 'DELETE', authorization }),
  },
  'GET /api/v1/inboxes/:id/alerts/deliveries': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts/deliveries`, { authorization }),
  },
  'GET /api/v1/events/:id/deliveries': {
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/deliveries`, { authorization });
      // The object's event was stored without forwarding: it has no delivery.
      return reply.status === 200 && reply.body?.data?.deliveries?.length !== 0
        ? { ...reply, code: 'unexpected-deliveries' }
        : reply;
    },
  },
  'POST /api/v1/events/:id/deliveries/retry': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/deliveries/retry`, { method: 'POST', authorization }),
  },
  'PUT /api/v1/inboxes/:id/signature': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization,
        json: { scheme: 'github', secret: 'matrix secret' },
      }),
    after: (env, t, object, _who, reply) =>
      signatureAfter(env, t, object, reply.status === 200 ? 'github' : null, reply.status),
  },
  'GET /api/v1/inboxes/:id/signature': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/signature': {
    destructive: true,
    send: async (env, t, authorization) => {
      // The object gets a secret first (A may set one on its own inbox), so a removal shows.
      await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization: bearer(env.A.token),
        json: { scheme: 'slack', secret: 'matrix secret' },
      });
      return call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, { method: 'DELETE', authorization });
    },
    after: (env, t, object, _who, reply) =>
      signatureAfter(env, t, object, reply.status === 204 ? null : 'slack', reply.status),
  },
  'POST /api/v1/events/:id/resign': {
    destructive: false,
    send: async (env, t, authorization) => {
      await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization: bearer(env.A.token),
        json: { scheme: 'github', secret: 'matrix secret' },
      });
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/resign`, {
        method: 'POST',
        authorization,
      });
      // A fresh signature is exactly the one header of the scheme.
      const headers: unknown = reply.body?.data?.headers;
      const ok = Array.isArray(headers) && headers.length === 1 && headers[0]?.[0] === 'X-Hub-Signature-256';
      return reply.status === 200 && !ok ? { ...reply, code: 'unexpected-headers' } : reply;
    },
  },
  'GET /api/v1/inboxes/:id/response': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { authorization }),
  },
  'POST /api/v1/inboxes/:id/responses/preview': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/responses/preview`, {
        method: 'POST',
        authorization,
        json: { response: { body: '{{ method }}', template: true }, eventId: t.eventId },
      }),
  },
  'PUT /api/v1/inboxes/:id/response': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, {
        method: 'PUT',
        authorization,
        json: { status: 503 },
      }),
    after: (env, t, object, _who, reply) =>
      responseAfter(env, t, object, reply.status === 200 ? 503 : null, reply.status),
  },
  'DELETE /api/v1/inboxes/:id/response': {
    destructive: true,
    send: async (env, t, authorization) => {
      // The object gets a response first (A may set it on both live objects), so a clear shows.
      await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, {
        method: 'PUT',
        authorization: bearer(env.A.token),
        json: { status: 502 },
      });
      return call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { method: 'DELETE', authorization });
    },
    after: (env, t, object, _who, reply) =>
      responseAfter(env, t, object, reply.status === 204 ? null : 502, reply.status),
  },
  // Event types: reading them is reading the inbox; a type no event has is 404 EVENT_TYPE_NOT_FOUND
  // past the access rules (the background worker may not have typed the object's event yet).
  'GET /api/v1/inboxes/:id/event-types': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types`, { authorization }),
  },
  'GET /api/v1/inboxes/:id/event-types/:type/schema': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types/matrix.none/schema`, { authorization }),
  },
  'POST /api/v1/inboxes/:id/event-types/rebuild': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types/rebuild`, { method: 'POST', authorization }),
  },
  'POST /api/v1/inboxes/:id/event-types/:type/schema/rebuild': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types/matrix.none/schema/rebuild`, {
        method: 'POST',
        authorization,
      }),
  },
  // The inbox's own type rule: only the owner of a saved inbox, as for alerts.
  'PUT /api/v1/inboxes/:id/event-type-rule': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, {
        method: 'PUT',
        authorization,
        json: { header: 'X-Matrix-Type' },
      }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, {
        authorization: bearer(env.A.token),
      });
      const set = shown.status === 200 && shown.body?.data?.rule?.header === 'X-Matrix-Type';
      return set === (reply.status === 200)
        ? null
        : `${reply.status}, yet the owner reads ${shown.status} ${shown.text}`;
    },
  },
  'GET /api/v1/inboxes/:id/event-type-rule': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/event-type-rule': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, { method: 'DELETE', authorization }),
  },
  // The inbox's own minimum of samples for drift: as its type rule.
  'PUT /api/v1/inboxes/:id/event-type-settings': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, {
        method: 'PUT',
        authorization,
        json: { minSamples: 7 },
      }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, {
        authorization: bearer(env.A.token),
      });
      const set = shown.status === 200 && shown.body?.data?.settings?.minSamples === 7;
      return set === (reply.status === 200)
        ? null
        : `${reply.status}, yet the owner reads ${shown.status} ${shown.text}`;
    },
  },
  'GET /api/v1/inboxes/:id/event-type-settings': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/event-type-settings': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, { method: 'DELETE', authorization }),
  },
} satisfies Record<string, Endpoint>;
