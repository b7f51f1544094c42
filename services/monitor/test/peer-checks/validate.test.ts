import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CheckTarget, validateCheckTarget } from '../../src/engine/checks/index.js';

function problems(target: Partial<CheckTarget> & Pick<CheckTarget, 'monitor_type'>) {
  return validateCheckTarget({ url: null, timeout_seconds: 5, ...target });
}

describe('validateCheckTarget: websocket, grpc, mqtt, amqp', () => {
  test('valid settings pass', () => {
    const valid: (Partial<CheckTarget> & Pick<CheckTarget, 'monitor_type'>)[] = [
      { monitor_type: 'websocket', url: 'wss://example.test/live', message: 'ping', expected_value: 'pong' },
      { monitor_type: 'websocket', url: 'ws://127.0.0.1:8080', expected_close_code: 4000 },
      { monitor_type: 'grpc', url: 'grpc://127.0.0.1:50051', service_name: 'shop.Cart' },
      { monitor_type: 'grpc', url: 'grpcs://api.example.test:443' },
      { monitor_type: 'mqtt', url: 'mqtt://user:pw@127.0.0.1', topic: 'monitor/check' },
      { monitor_type: 'mqtt', url: 'mqtts://broker.example.test:8883' },
      { monitor_type: 'amqp', url: 'amqp://guest:guest@127.0.0.1:5672/%2F', topic: 'monitor-check' },
      { monitor_type: 'amqp', url: 'amqps://broker.example.test/orders' },
    ];
    for (const target of valid) assert.deepEqual(problems(target), [], JSON.stringify(target));
  });

  test('a URL of another scheme names the ones expected', () => {
    assert.deepEqual(problems({ monitor_type: 'websocket', url: 'https://example.test/' }), [
      { path: 'url', message: 'must use ws:// or wss://, not https://' },
    ]);
    for (const url of ['127.0.0.1:50051', 'localhost:50051']) {
      assert.deepEqual(problems({ monitor_type: 'grpc', url }), [
        { path: 'url', message: 'must be a URL: grpc:// or grpcs://host:port' },
      ]);
    }
    assert.deepEqual(problems({ monitor_type: 'mqtt', url: '' }), [
      { path: 'url', message: 'must be a URL: mqtt:// or mqtts://host[:port]' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'amqp', url: 'amqp://' }), [
      { path: 'url', message: 'the host is missing' },
    ]);
  });

  test('grpc needs a port and no path', () => {
    assert.deepEqual(problems({ monitor_type: 'grpc', url: 'grpc://api.example.test' }), [
      { path: 'url', message: 'the port is missing (grpc://host:port)' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'grpc', url: 'grpc://api.example.test:50051/x' }), [
      { path: 'url', message: 'must be grpc://host:port or grpcs://host:port, without a path' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'grpc', url: 'grpc://h:1', service_name: 'a\nb' }), [
      { path: 'service_name', message: 'must be a single line' },
    ]);
  });

  test('headers must be sendable: HTTP tokens for websocket, metadata keys for grpc', () => {
    assert.deepEqual(
      problems({ monitor_type: 'websocket', url: 'ws://h', headers: { 'a b': 'x', Ok: 'a\nb' } }),
      [
        { path: 'headers.a b', message: 'is not a valid header name' },
        { path: 'headers.Ok', message: 'must not contain line breaks' },
      ],
    );
    assert.deepEqual(
      problems({ monitor_type: 'grpc', url: 'grpc://h:1', headers: { 'x-trace-bin': 'x', 'X-Id': '1' } }),
      [
        {
          path: 'headers.x-trace-bin',
          message: 'is not a valid gRPC metadata key (letters, digits, _ . -; not ending in -bin)',
        },
      ],
    );
  });

  test('websocket close codes are 1000 to 4999', () => {
    for (const code of [999, 5000, 1000.5]) {
      assert.deepEqual(problems({ monitor_type: 'websocket', url: 'ws://h', expected_close_code: code }), [
        { path: 'expected_close_code', message: 'must be a WebSocket close code, 1000 to 4999' },
      ]);
    }
  });

  test('mqtt topics are plain topics; the URL has no path', () => {
    assert.deepEqual(problems({ monitor_type: 'mqtt', url: 'mqtt://h', topic: 'a/+/b' }), [
      { path: 'topic', message: 'must be a plain topic to publish to, without + or # wildcards' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'mqtt', url: 'mqtt://h', topic: '$SYS/x' }), [
      { path: 'topic', message: 'must not be a $-topic (those are the broker’s own)' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'mqtt', url: 'mqtt://h', topic: '' }), [
      { path: 'topic', message: 'must not be empty (leave it out instead)' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'mqtt', url: 'mqtt://h/some/topic' }), [
      {
        path: 'url',
        message:
          'must be mqtt://host[:port] or mqtts://host[:port], without a path (the topic is a field of its own)',
      },
    ]);
  });

  test('amqp queues avoid the broker’s names; the path is one vhost', () => {
    assert.deepEqual(problems({ monitor_type: 'amqp', url: 'amqp://h', topic: 'amq.gen-1' }), [
      { path: 'topic', message: 'must not start with amq. (names reserved by the broker)' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'amqp', url: 'amqp://h', topic: 'q'.repeat(256) }), [
      { path: 'topic', message: 'must be at most 255 bytes (an AMQP queue name)' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'amqp', url: 'amqp://h/a/b' }), [
      { path: 'url', message: 'the path is the vhost: write a vhost containing / as %2F' },
    ]);
    assert.deepEqual(problems({ monitor_type: 'amqp', url: 'amqp://h/%zz' }), [
      { path: 'url', message: 'the vhost has a % that is not followed by two hex digits' },
    ]);
  });
});
