import { describe, expect, it } from 'vitest';
import { parseFilter } from './filters.ts';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeFrame } from './protocol.ts';

/**
 * The frames and filters the Realtime stand-in reads, against what
 * @supabase/realtime-js's own serializer writes and reads.
 */
describe('frames', () => {
  it('reads and writes vsn 2.0.0 arrays and vsn 1.0.0 objects', () => {
    const frame = { joinRef: '1', ref: '2', topic: 'realtime:room', event: 'phx_join', payload: { config: {} } };
    expect(decodeText(encodeFrame('2.0.0', frame))).toEqual(frame);
    expect(JSON.parse(encodeFrame('2.0.0', frame))).toEqual(['1', '2', 'realtime:room', 'phx_join', { config: {} }]);
    expect(decodeText(encodeFrame('1.0.0', frame))).toEqual(frame);
    expect(decodeText('not json')).toBeNull();
    expect(decodeText('[null, null, 1, "x", {}]')).toBeNull();
  });

  it('reads a kind-3 broadcast push as realtime-js encodes it, and writes kind 4 as it decodes it', async () => {
    const { default: Serializer } = (await import('@supabase/realtime-js/dist/main/lib/serializer.js')) as unknown as {
      default: new () => {
        encode(msg: unknown, cb: (out: ArrayBuffer) => void): void;
        decode(raw: ArrayBuffer, cb: (msg: unknown) => void): void;
      };
    };
    const serializer = new Serializer();
    let encoded: ArrayBuffer | undefined;
    serializer.encode(
      { join_ref: '3', ref: '4', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'wave', payload: { a: 1 } } },
      (out) => (encoded = out),
    );
    const pushed = decodeBinary(Buffer.from(encoded!));
    expect(pushed).toMatchObject({ joinRef: '3', ref: '4', topic: 'realtime:room', event: 'wave', body: { encoding: 'json', value: { a: 1 } } });

    const relayed = encodeBinaryBroadcast('realtime:room', 'wave', { encoding: 'json', value: { a: 1 } }, null);
    let decoded: unknown;
    const bytes = relayed.buffer.slice(relayed.byteOffset, relayed.byteOffset + relayed.byteLength) as ArrayBuffer;
    serializer.decode(bytes, (msg) => (decoded = msg));
    expect(decoded).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'wave', payload: { a: 1 } },
    });
  });
});

describe('filters', () => {
  it('reads the operators Realtime accepts', () => {
    expect(parseFilter('id=eq.5')).toEqual({ column: 'id', op: 'eq', values: ['5'] });
    expect(parseFilter('name=neq.a=b')).toEqual({ column: 'name', op: 'neq', values: ['a=b'] });
    expect(parseFilter('n=gte.2')).toEqual({ column: 'n', op: 'gte', values: ['2'] });
    expect(parseFilter('tag=in.(a,"b,c", d)')).toEqual({ column: 'tag', op: 'in', values: ['a', 'b,c', 'd'] });
  });

  it('refuses what it cannot read, with the filter in the message', () => {
    expect(() => parseFilter('id=like.5')).toThrow('Error parsing `filter` params: id=like.5');
    expect(() => parseFilter('tag=in.a,b')).toThrow('Error parsing `filter` params');
  });
});
