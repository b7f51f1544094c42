import assert from 'node:assert/strict';
import type { ReceivedRequest } from '../peers-providers/http-receiver.js';

// The request each new provider's service documents, and its answers: the table more-providers.test.ts runs.
export const monitor = { id: 7, name: 'checkout', url: 'https://shop.example.test/' };
const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
const form = (r: ReceivedRequest) => Object.fromEntries(new URLSearchParams(r.body));

/**
 * One provider against a loopback stand-in for its service: the exact request the service
 * documents (method, path, headers, body), its success answer, a rate-limit or server error that
 * is retried, and its refusal (4xx) in the service's own error shape, which is not retried.
 */
export interface Case {
  type: string;
  config: (base: string) => Record<string, unknown>;
  check: (r: ReceivedRequest) => void;
  ok: { status: number; body: string };
  busy: { status: number; body: string };
  refused: { status: number; body: string };
}

export const json = (v: unknown) => JSON.stringify(v);
const body = (r: ReceivedRequest) => JSON.parse(r.body) as Record<string, unknown>;

export const CASES: Case[] = [
  {
    type: 'matrix',
    config: (b) => ({ homeserver_url: `${b}/mx`, access_token: 'syt_abc', room_id: '!room:example.org' }),
    check: (r) => {
      assert.equal(r.method, 'PUT');
      assert.match(
        r.path,
        /^\/mx\/_matrix\/client\/v3\/rooms\/!room%3Aexample\.org\/send\/m\.room\.message\/[^/]+$/,
      );
      assert.equal(r.headers.authorization, 'Bearer syt_abc');
      assert.deepEqual(Object.keys(body(r)).sort(), ['body', 'msgtype']);
      assert.equal(body(r).msgtype, 'm.text');
      assert.match(
        String(body(r).body),
        /^\[DOWN\] checkout\ncheckout \(https:\/\/shop\.example\.test\/\) is down/,
      );
    },
    ok: { status: 200, body: json({ event_id: '$abc' }) },
    busy: {
      status: 429,
      body: json({ errcode: 'M_LIMIT_EXCEEDED', error: 'Too many requests', retry_after_ms: 20 }),
    },
    refused: { status: 403, body: json({ errcode: 'M_FORBIDDEN', error: 'User not in room' }) },
  },
  {
    type: 'mattermost',
    config: (b) => ({ webhook_url: `${b}/hooks/xyz`, channel: 'ops', username: 'monitor' }),
    check: (r) => {
      assert.equal(r.method, 'POST');
      assert.equal(r.path, '/hooks/xyz');
      assert.deepEqual(Object.keys(body(r)).sort(), ['channel', 'text', 'username']);
      assert.match(String(body(r).text), /^\*\*\[DOWN\] checkout\*\*\n/);
    },
    ok: { status: 200, body: 'ok' },
    busy: { status: 503, body: 'unavailable' },
    refused: {
      status: 400,
      body: json({
        id: 'web.incoming_webhook.text.app_error',
        message: 'No text specified',
        status_code: 400,
      }),
    },
  },
  {
    type: 'rocketchat',
    config: (b) => ({ webhook_url: `${b}/hooks/abc/def` }),
    check: (r) => {
      assert.equal(r.path, '/hooks/abc/def');
      assert.deepEqual(Object.keys(body(r)), ['text']);
    },
    ok: { status: 200, body: json({ success: true }) },
    busy: { status: 500, body: json({ success: false, error: 'internal' }) },
    refused: {
      status: 400,
      body: json({ success: false, error: 'Invalid integration id or token provided.' }),
    },
  },
  {
    type: 'googlechat',
    config: (b) => ({ webhook_url: `${b}/v1/spaces/AAA/messages?key=k&token=t` }),
    check: (r) => {
      assert.equal(r.path, '/v1/spaces/AAA/messages?key=k&token=t');
      assert.equal(r.headers['content-type'], 'application/json; charset=UTF-8');
      assert.deepEqual(Object.keys(body(r)), ['text']);
    },
    ok: { status: 200, body: json({ name: 'spaces/AAA/messages/1' }) },
    busy: {
      status: 429,
      body: json({
        error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' },
      }),
    },
    refused: {
      status: 400,
      body: json({ error: { code: 400, message: 'Invalid JSON payload', status: 'INVALID_ARGUMENT' } }),
    },
  },
  {
    type: 'zulip',
    config: (b) => ({ site_url: b, bot_email: 'bot@zulip.example', api_key: 'zk', stream: 'alerts' }),
    check: (r) => {
      assert.equal(r.path, '/api/v1/messages');
      assert.equal(r.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.equal(r.headers.authorization, basic('bot@zulip.example', 'zk'));
      const f = form(r);
      assert.deepEqual([f.type, f.to, f.topic], ['stream', 'alerts', 'checkout']);
      assert.match(f.content ?? '', /^\*\*\[DOWN\] checkout\*\*/);
    },
    ok: { status: 200, body: json({ id: 42, msg: '', result: 'success' }) },
    busy: {
      status: 429,
      body: json({
        code: 'RATE_LIMIT_HIT',
        msg: 'API usage exceeded rate limit',
        result: 'error',
        'retry-after': 0.02,
      }),
    },
    refused: {
      status: 400,
      body: json({ code: 'STREAM_DOES_NOT_EXIST', msg: "Stream 'alerts' does not exist", result: 'error' }),
    },
  },
  {
    type: 'pushover',
    config: (b) => ({
      user_key: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG',
      app_token: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi',
      base_url: b,
    }),
    check: (r) => {
      assert.equal(r.path, '/1/messages.json');
      const v = body(r);
      assert.deepEqual(
        [v.token, v.user, v.title, v.priority],
        ['azGDORePK8gMaC0QOYAMyEEuzJnyUi', 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', '[DOWN] checkout', 1],
      );
    },
    ok: { status: 200, body: json({ status: 1, request: '647d2300-702c-4b38-8b2f-d56326ae460b' }) },
    busy: { status: 500, body: 'server error' },
    refused: {
      status: 400,
      body: json({ user: 'invalid', errors: ['user identifier is invalid'], status: 0, request: 'x' }),
    },
  },
  {
    type: 'gotify',
    config: (b) => ({ server_url: `${b}/gotify`, app_token: 'AbCdEf' }),
    check: (r) => {
      assert.equal(r.path, '/gotify/message');
      assert.equal(r.headers['x-gotify-key'], 'AbCdEf');
      assert.deepEqual(body(r).priority, 8);
      assert.deepEqual(Object.keys(body(r)).sort(), ['message', 'priority', 'title']);
    },
    ok: {
      status: 200,
      body: json({ id: 25, appid: 5, message: 'x', title: 'y', priority: 8, date: '2026-01-01T00:00:00Z' }),
    },
    busy: { status: 502, body: 'bad gateway' },
    refused: {
      status: 401,
      body: json({
        error: 'Unauthorized',
        errorCode: 401,
        errorDescription: 'you need to provide a valid access token or user credentials to access this api',
      }),
    },
  },
  {
    type: 'opsgenie',
    config: (b) => ({ api_key: 'eb243592-faa2-4ba2-a551q-1afdf565c889', base_url: b }),
    check: (r) => {
      assert.equal(r.path, '/v2/alerts');
      assert.equal(r.headers.authorization, 'GenieKey eb243592-faa2-4ba2-a551q-1afdf565c889');
      const v = body(r);
      assert.deepEqual([v.message, v.alias, v.priority], ['[DOWN] checkout', 'monitor-7-incident-1', 'P1']);
    },
    ok: {
      status: 202,
      body: json({ result: 'Request will be processed', took: 0.302, requestId: '43a29c5c' }),
    },
    busy: {
      status: 429,
      body: json({ message: 'You are making too many requests!', took: 0.0, requestId: 'r' }),
    },
    refused: {
      status: 422,
      body: json({
        message: 'Request body is not processable',
        took: 0.1,
        requestId: 'r',
        errors: { message: 'Message can not be empty.' },
      }),
    },
  },
  {
    type: 'splunk_oncall',
    config: (b) => ({ rest_url: `${b}/integrations/generic/20131114/alert/api-key/routing` }),
    check: (r) => {
      assert.equal(r.path, '/integrations/generic/20131114/alert/api-key/routing');
      const v = body(r);
      assert.deepEqual(
        [v.message_type, v.entity_id, v.entity_display_name],
        ['CRITICAL', 'monitor-7-incident-1', '[DOWN] checkout'],
      );
      assert.equal(typeof v.state_start_time, 'number');
    },
    ok: { status: 200, body: json({ result: 'success', entity_id: 'monitor-7-incident-1' }) },
    busy: { status: 503, body: 'Service Unavailable' },
    refused: { status: 400, body: json({ result: 'failure', message: 'Missing fields: message_type' }) },
  },
  {
    type: 'twilio',
    config: (b) => ({
      account_sid: `AC${'a'.repeat(32)}`,
      auth_token: 'tw-token',
      from: '+15005550006',
      to: '+4915112345678',
      base_url: b,
    }),
    check: (r) => {
      assert.equal(r.path, `/2010-04-01/Accounts/AC${'a'.repeat(32)}/Messages.json`);
      assert.equal(r.headers.authorization, basic(`AC${'a'.repeat(32)}`, 'tw-token'));
      const f = form(r);
      assert.deepEqual([f.To, f.From], ['+4915112345678', '+15005550006']);
      assert.match(f.Body ?? '', /^\[DOWN\] checkout: checkout/);
      assert.ok((f.Body ?? '').length <= 320);
    },
    ok: { status: 201, body: json({ sid: 'SM1', status: 'queued' }) },
    busy: {
      status: 429,
      body: json({
        code: 20429,
        message: 'Too Many Requests',
        more_info: 'https://www.twilio.com/docs/errors/20429',
        status: 429,
      }),
    },
    refused: {
      status: 400,
      body: json({
        code: 21211,
        message: "The 'To' number is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    },
  },
  {
    type: 'signal',
    config: (b) => ({ base_url: b, number: '+4915100000001', recipients: '+4915100000002, +4915100000003' }),
    check: (r) => {
      assert.equal(r.path, '/v2/send');
      assert.deepEqual(body(r).recipients, ['+4915100000002', '+4915100000003']);
      assert.equal(body(r).number, '+4915100000001');
    },
    ok: { status: 201, body: json({ timestamp: '1700000000000' }) },
    busy: { status: 500, body: json({ error: 'Failed to send message' }) },
    refused: { status: 400, body: json({ error: 'Invalid phone number' }) },
  },
  {
    type: 'homeassistant',
    config: (b) => ({ base_url: b, access_token: 'ha-token', service: 'mobile_app_pixel' }),
    check: (r) => {
      assert.equal(r.path, '/api/services/notify/mobile_app_pixel');
      assert.equal(r.headers.authorization, 'Bearer ha-token');
      assert.deepEqual(Object.keys(body(r)).sort(), ['message', 'title']);
    },
    ok: { status: 200, body: '[]' },
    busy: { status: 504, body: 'gateway timeout' },
    refused: { status: 400, body: json({ message: 'Service notify.mobile_app_pixel not found.' }) },
  },
  {
    type: 'alertmanager',
    config: (b) => ({ url: `${b}/alert`, receiver: 'team-x', bearer_token: 'am' }),
    check: (r) => {
      assert.equal(r.path, '/alert');
      assert.equal(r.headers.authorization, 'Bearer am');
      const v = body(r) as { alerts: Array<Record<string, unknown>> } & Record<string, unknown>;
      assert.deepEqual(Object.keys(v).sort(), [
        'alerts',
        'commonAnnotations',
        'commonLabels',
        'externalURL',
        'groupKey',
        'groupLabels',
        'receiver',
        'status',
        'truncatedAlerts',
        'version',
      ]);
      assert.deepEqual([v.version, v.status, v.receiver], ['4', 'firing', 'team-x']);
      const a = v.alerts[0]!;
      assert.deepEqual(Object.keys(a).sort(), [
        'annotations',
        'endsAt',
        'fingerprint',
        'generatorURL',
        'labels',
        'startsAt',
        'status',
      ]);
      assert.deepEqual(a.labels, {
        alertname: 'MonitorDown',
        monitor: 'checkout',
        monitor_id: '7',
        severity: 'critical',
        incident_id: '1',
      });
      assert.equal(a.endsAt, '0001-01-01T00:00:00Z');
    },
    ok: { status: 200, body: '' },
    busy: { status: 503, body: 'busy' },
    refused: { status: 400, body: 'bad payload' },
  },
];
